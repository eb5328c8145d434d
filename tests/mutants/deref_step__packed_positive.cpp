// Edit of ReLULayer as a packer: only the positive values are kept, stored through
// `*top_data++`, which steps only when a value is kept: where sample n writes depends on
// the samples before it.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutDPackPositiveLayer : public Layer<Dtype> {
 public:
  explicit MutDPackPositiveLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutDPackPositive"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutDPackPositiveLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                               const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), top_data);
  // CGP-MUTANT: unsafe class=deref-step reason=unprovable-induction
  for (int n = 0; n < num_; ++n) {
    for (int i = 0; i < dim_; ++i) {
      const Dtype x = bottom_data[n * dim_ + i];
      if (x > 0) *top_data++ = x;
    }
  }
}

INSTANTIATE_CLASS(MutDPackPositiveLayer);
REGISTER_LAYER_CLASS(MutDPackPositive);

}  // namespace caffe
