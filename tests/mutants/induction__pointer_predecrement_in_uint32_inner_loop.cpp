// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp).
// Edit (twentieth red team): reverse the whole batch: `*--in` steps back one element per trip of
// a `uint32_t k < dim` inner loop: the step `-dim` per sample, taken in 32-bit unsigned, is a
// huge positive offset, and the rewritten loop reads far past the input.
#include <cmath>
#include <vector>
#include <stdint.h>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSReverseUint32Layer : public Layer<Dtype> {
 public:
  explicit MutSReverseUint32Layer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSReverseUint32"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
};

template <typename Dtype>
void MutSReverseUint32Layer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const uint32_t dim = bottom[0]->count(1);
  const Dtype* in = bottom_data + num_ * dim;
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=induction reason=unprovable-induction
  for (int n = 0; n < num_; ++n) {
    for (uint32_t k = 0; k < dim; ++k) {
      top_data[n * dim + k] = *--in;
    }
  }
}

template <typename Dtype>
void MutSReverseUint32Layer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSReverseUint32Layer);
REGISTER_LAYER_CLASS(MutSReverseUint32);

}  // namespace caffe
