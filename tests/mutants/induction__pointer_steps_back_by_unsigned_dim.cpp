// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp).
// Edit (twentieth red team): samples written last to first, `out -= dim` with `dim` an unsigned
// int sample size: the closed form `base - n * dim` computed in unsigned arithmetic wraps to a
// huge forward offset instead of stepping back, so the rewrite writes far outside the buffer.
#include <cmath>
#include <vector>
#include <algorithm>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSBackUnsignedDimLayer : public Layer<Dtype> {
 public:
  explicit MutSBackUnsignedDimLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSBackUnsignedDim"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
};

template <typename Dtype>
void MutSBackUnsignedDimLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const unsigned int dim = bottom[0]->count(1);
  Dtype* out = top[0]->mutable_cpu_data() + (num_ - 1) * dim;
  // CGP-MUTANT: unsafe class=induction reason=unprovable-induction
  for (int n = 0; n < num_; ++n) {
    for (unsigned int k = 0; k < dim; ++k) {
      out[k] = std::max(bottom_data[n * dim + k], Dtype(0)) * Dtype(2);
    }
    out -= dim;
  }
}

template <typename Dtype>
void MutSBackUnsignedDimLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSBackUnsignedDimLayer);
REGISTER_LAYER_CLASS(MutSBackUnsignedDim);

}  // namespace caffe
