// From SigmoidLayer::Forward_cpu (caffe_src/src/caffe/layers/sigmoid_layer.cpp).
// Edit (eighteenth round): `out[back_]` with a default member initializer that names a
// constant, `int back_ = kBack;` (a namespace constant, -1). An initializer that was not
// literal arithmetic was an opaque value, read as not negative.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

const int kBack = -1;

template <typename Dtype>
class MutSNsdmiNamedLayer : public Layer<Dtype> {
 public:
  explicit MutSNsdmiNamedLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSNsdmiNamed"; }
  int back_ = kBack;

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
  Blob<Dtype> scratch_;
};

template <typename Dtype>
void MutSNsdmiNamedLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    Dtype* out = top_data + n * dim_;
    for (int k = 0; k < dim_; ++k) {
      out[k] = Dtype(1) / (Dtype(1) + std::exp(-bottom_data[n * dim_ + k]));
    }
    if (n > 0) {
      out[back_] += bottom_data[n * dim_];
    }
  }
}

template <typename Dtype>
void MutSNsdmiNamedLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSNsdmiNamedLayer);
REGISTER_LAYER_CLASS(MutSNsdmiNamed);

}  // namespace caffe
