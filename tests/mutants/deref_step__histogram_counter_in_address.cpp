// Edit of ReLULayer as a per-sample loop that counts: each value bumps a bin of its sample's
// slice, `(*(top_data + n * dim_ + k++ % dim_))++`, with the bin counter k kept by the
// function, so sample n starts where the samples before it left k.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutDCounterAddressLayer : public Layer<Dtype> {
 public:
  explicit MutDCounterAddressLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutDCounterAddress"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutDCounterAddressLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                 const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  int k = 0;
  caffe_set(top[0]->count(), Dtype(0), top_data);
  // CGP-MUTANT: unsafe class=deref-step reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int i = 0; i < dim_; ++i) {
      if (bottom_data[n * dim_ + i] > 0) (*(top_data + n * dim_ + k++ % dim_))++;
    }
  }
}

INSTANTIATE_CLASS(MutDCounterAddressLayer);
REGISTER_LAYER_CLASS(MutDCounterAddress);

}  // namespace caffe
