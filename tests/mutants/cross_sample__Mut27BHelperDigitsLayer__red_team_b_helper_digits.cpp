// unsafe: helper writes p[c*S + s] for c < C, s < S, given C = channels_ + 1, S = spatial_, p = top + n*dim; N >= 2: c = channels_ reaches n*dim + dim + s
#include <algorithm>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
static void PutAll(Dtype* p, int C, int S, Dtype v) {
  for (int c = 0; c < C; ++c)
    for (int s = 0; s < S; ++s) p[c * S + s] = v;
}

template <typename Dtype>
class Mut27BHelperDigitsLayer : public Layer<Dtype> {
 public:
  explicit Mut27BHelperDigitsLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    channels_ = bottom[0]->channels();
    spatial_ = bottom[0]->count(2);
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    top[1]->Reshape(num_, 1, 1, 1);
  }
  virtual inline const char* type() const { return "Mut27BHelperDigits"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);

  int num_, channels_, spatial_, dim_;
};



template <typename Dtype>
void Mut27BHelperDigitsLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
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
    PutAll(top_data + n * dim, channels_ + 1, spatial_, Dtype(n));
    norm[n] = bottom_data[n * dim];
  }
}

template <typename Dtype>
void Mut27BHelperDigitsLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(Mut27BHelperDigitsLayer);
REGISTER_LAYER_CLASS(Mut27BHelperDigits);

}  // namespace caffe
