// A sample-indexed loop (round 26, red team C): unsafe: a helper writes `row[k * step]` for k < len and is given len = dim, step = 2:
// reaches 2 * dim - 2
#include <algorithm>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
static void Spread(Dtype* row, int len, int step, Dtype v) {
  for (int k = 0; k < len; ++k) row[k * step] = v;
}

template <typename Dtype>
class Mut26CHelperStrideParamLayer : public Layer<Dtype> {
 public:
  explicit Mut26CHelperStrideParamLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    channels_ = bottom[0]->count(1);
    spatial_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    top[1]->Reshape(num_, 1, 1, 1);
  }
  virtual inline const char* type() const { return "Mut26CHelperStrideParam"; }
  virtual inline int ExactNumBottomBlobs() const { return 1; }
  virtual inline int ExactNumTopBlobs() const { return 2; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, channels_, spatial_;
};

template <typename Dtype>
void Mut26CHelperStrideParamLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* norm = top[1]->mutable_cpu_data();
  const int dim = bottom[0]->count(1);
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int i = 0; i < dim; ++i) {
      top_data[n * dim + i] = bottom_data[n * dim + i];
    }
    Spread(top_data + n * dim, dim, 2, Dtype(n));
    Dtype acc = 0;
    for (int s = 0; s < spatial_; ++s) {
      acc += bottom_data[n * channels_ + s];
    }
    norm[n] = acc;
  }
}

template <typename Dtype>
void Mut26CHelperStrideParamLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(Mut26CHelperStrideParamLayer);
REGISTER_LAYER_CLASS(Mut26CHelperStrideParam);

}  // namespace caffe
