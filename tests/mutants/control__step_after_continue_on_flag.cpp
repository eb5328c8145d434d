// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp), as a packer.
// Control (twenty-first red team, stride_zero_guarded_step): `if (!flag_) continue;` first, then
// the store and the step: both run only when the flag holds. Stays parallel.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutAStepContinueCtlLayer : public Layer<Dtype> {
 public:
  explicit MutAStepContinueCtlLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    ascc_num_ = bottom[0]->num();
    ascc_dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    ascc_stat_.Reshape(1, 1, 1, 2);
  }
  virtual inline const char* type() const { return "MutAStepContinueCtl"; }
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    this->blobs_.resize(1);
    this->blobs_[0].reset(new Blob<Dtype>(1, 1, 1, bottom[0]->count(1)));
    ascc_flag_ = false;
  }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  Blob<Dtype> ascc_stat_;
  bool ascc_flag_;
  int ascc_num_, ascc_dim_;
};

template <typename Dtype>
void MutAStepContinueCtlLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* out = top[0]->mutable_cpu_data();
  // CGP-MUTANT: control
  for (int n = 0; n < ascc_num_; ++n) {
    if (!ascc_flag_) continue;
    for (int k = 0; k < ascc_dim_; ++k) {
      out[k] = std::max(bottom_data[n * ascc_dim_ + k], Dtype(0));
    }
    out += ascc_dim_;
  }
}

template <typename Dtype>
void MutAStepContinueCtlLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutAStepContinueCtlLayer);
REGISTER_LAYER_CLASS(MutAStepContinueCtl);

}  // namespace caffe
