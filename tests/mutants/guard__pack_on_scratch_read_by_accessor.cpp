// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp), as a packer.
// Edit (twenty-first red team, guard_const_alias): the packing test reads the scratch the sample
// just filled through the Blob's own accessor, `stat_.cpu_data()[0] > 0`, no pointer variable at
// all: the condition changes per sample and out has no closed form.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutAPackAccessorGuardLayer : public Layer<Dtype> {
 public:
  explicit MutAPackAccessorGuardLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    apag_num_ = bottom[0]->num();
    apag_dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    apag_stat_.Reshape(1, 1, 1, 2);
  }
  virtual inline const char* type() const { return "MutAPackAccessorGuard"; }
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    this->blobs_.resize(1);
    this->blobs_[0].reset(new Blob<Dtype>(1, 1, 1, bottom[0]->count(1)));
    apag_flag_ = false;
  }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  Blob<Dtype> apag_stat_;
  bool apag_flag_;
  int apag_num_, apag_dim_;
};

template <typename Dtype>
void MutAPackAccessorGuardLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* out = top[0]->mutable_cpu_data();
  Dtype* s = apag_stat_.mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), out);
  // CGP-MUTANT: unsafe class=skipped-increment reason=unprovable-induction
  for (int n = 0; n < apag_num_; ++n) {
    s[0] = bottom_data[n * apag_dim_];
    if (apag_stat_.cpu_data()[0] > 0) {
      for (int k = 0; k < apag_dim_; ++k) {
        out[k] = std::max(bottom_data[n * apag_dim_ + k], Dtype(0));
      }
      out += apag_dim_;
    }
  }
}

template <typename Dtype>
void MutAPackAccessorGuardLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutAPackAccessorGuardLayer);
REGISTER_LAYER_CLASS(MutAPackAccessorGuard);

}  // namespace caffe
