// From SoftmaxLayer (caffe_src/src/caffe/layers/softmax_layer.cpp), which exponentiates each
// sample with caffe_exp. Edit: the author swaps in a vectorized approximation,
// caffe_fast_exp, declared here and meant to come from a separate vendor library that is not
// part of the source tree. Its body is out of sight, so nothing tells what it reads or writes
// (a lookup table it fills lazily, a global it updates): the call makes the per-sample loop
// unprovable.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

// y[i] = exp(a[i]) to about 1e-4 relative error; defined in the vendor math library.
template <typename Dtype>
void caffe_fast_exp(const int n, const Dtype* a, Dtype* y);

template <typename Dtype>
class MutBFastExpSoftmaxLayer : public Layer<Dtype> {
 public:
  explicit MutBFastExpSoftmaxLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    top[0]->ReshapeLike(*bottom[0]);
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
  }
  virtual inline const char* type() const { return "MutBFastExpSoftmax"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutBFastExpSoftmaxLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                 const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=unknown-call reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + n * dim_;
    Dtype* out = top_data + n * dim_;
    Dtype max_value = in[0];
    for (int k = 1; k < dim_; ++k) {
      max_value = std::max(max_value, in[k]);
    }
    for (int k = 0; k < dim_; ++k) {
      out[k] = in[k] - max_value;
    }
    caffe_fast_exp<Dtype>(dim_, out, out);
    const Dtype sum = caffe_cpu_asum(dim_, out);
    caffe_scal(dim_, Dtype(1) / sum, out);
  }
}

INSTANTIATE_CLASS(MutBFastExpSoftmaxLayer);
REGISTER_LAYER_CLASS(MutBFastExpSoftmax);

}  // namespace caffe
