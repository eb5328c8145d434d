// A sample-indexed loop (round 26, inner indices shifted or bounded by a local): unsafe: `const int j = k + 1;`
// then `top[n * dim + j]` for k < dim.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class Mut26LocalPlusOneLayer : public Layer<Dtype> {
 public:
  explicit Mut26LocalPlusOneLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    channels_ = bottom[0]->count(1);
    spatial_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    top[1]->Reshape(num_, 1, 1, 1);
  }
  virtual inline const char* type() const { return "Mut26LocalPlusOne"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, channels_, spatial_;
  Blob<Dtype> scratch_;
};

template <typename Dtype>
void Mut26LocalPlusOneLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* norm = top[1]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < channels_; ++k) {
      const int j = k + 1;
      top_data[n * channels_ + j] = Dtype(2);
    }
    Dtype acc = 0;
    for (int s = 0; s < spatial_; ++s) {
      acc += bottom_data[n * channels_ + s];
    }
    norm[n] = acc;
  }
}

template <typename Dtype>
void Mut26LocalPlusOneLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(Mut26LocalPlusOneLayer);
REGISTER_LAYER_CLASS(Mut26LocalPlusOne);

}  // namespace caffe
