// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp), as a packer.
// Edit (twenty-first red team, guard_const_alias): the packing test reads the input,
// `bottom_data[0] > 0`, through a const pointer, while the loop writes the output: run in place
// they are one buffer, the first sample's store flips the test's value and the original stops
// packing there.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutAPackInPlaceGuardLayer : public Layer<Dtype> {
 public:
  explicit MutAPackInPlaceGuardLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    apip_num_ = bottom[0]->num();
    apip_dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    apip_stat_.Reshape(1, 1, 1, 2);
  }
  virtual inline const char* type() const { return "MutAPackInPlaceGuard"; }
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    this->blobs_.resize(1);
    this->blobs_[0].reset(new Blob<Dtype>(1, 1, 1, bottom[0]->count(1)));
    apip_flag_ = false;
  }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  Blob<Dtype> apip_stat_;
  bool apip_flag_;
  int apip_num_, apip_dim_;
};

template <typename Dtype>
void MutAPackInPlaceGuardLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* out = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=aliasing reason=unprovable-induction guard=bottom[0]
  for (int n = 0; n < apip_num_; ++n) {
    if (bottom_data[0] > 0) {
      for (int k = 0; k < apip_dim_; ++k) {
        out[k] = -bottom_data[n * apip_dim_ + k];
      }
      out += apip_dim_;
    }
  }
}

template <typename Dtype>
void MutAPackInPlaceGuardLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutAPackInPlaceGuardLayer);
REGISTER_LAYER_CLASS(MutAPackInPlaceGuard);

}  // namespace caffe
