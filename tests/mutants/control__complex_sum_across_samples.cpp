// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp).
// Control (nineteenth red team): a std::complex<Dtype> `z` summed with `+=` across samples and
// read after the loop: a complex sum is arithmetic (`-T(0)` is a zero, the parts add in any
// order up to rounding), so the reduction is right and the loop stays parallel.
#include <cmath>
#include <vector>
#include <algorithm>
#include <complex>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSComplexAccCtlLayer : public Layer<Dtype> {
 public:
  explicit MutSComplexAccCtlLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSComplexAccCtl"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
};

template <typename Dtype>
void MutSComplexAccCtlLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  std::complex<Dtype> z(0, 0);
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    for (int k = 1; k < dim_; ++k) {
      top_data[n * dim_ + k] = std::max(bottom_data[n * dim_ + k], Dtype(0));
    }
    top_data[n * dim_] = bottom_data[n * dim_] * Dtype(3);
    z += std::complex<Dtype>(bottom_data[n * dim_], bottom_data[n * dim_ + 1]);
  }
  top_data[0] += z.imag();
}

template <typename Dtype>
void MutSComplexAccCtlLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSComplexAccCtlLayer);
REGISTER_LAYER_CLASS(MutSComplexAccCtl);

}  // namespace caffe
