// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp), as a packer.
// Control (twenty-first red team, stride_zero_guarded_step): a step chosen by a flag, but
// neither arm is 0 (`flag_ ? 2 * dim_ : dim_`): each sample's row is its own either way. Stays
// parallel.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutATernaryWideCtlLayer : public Layer<Dtype> {
 public:
  explicit MutATernaryWideCtlLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    atwc_num_ = bottom[0]->num();
    atwc_dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    atwc_stat_.Reshape(1, 1, 1, 2);
  }
  virtual inline const char* type() const { return "MutATernaryWideCtl"; }
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    this->blobs_.resize(1);
    this->blobs_[0].reset(new Blob<Dtype>(1, 1, 1, bottom[0]->count(1)));
    atwc_flag_ = false;
  }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  Blob<Dtype> atwc_stat_;
  bool atwc_flag_;
  int atwc_num_, atwc_dim_;
};

template <typename Dtype>
void MutATernaryWideCtlLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* out = top[0]->mutable_cpu_data();
  // CGP-MUTANT: control
  for (int n = 0; n < atwc_num_; ++n) {
    for (int k = 0; k < atwc_dim_; ++k) {
      out[k] = std::max(bottom_data[n * atwc_dim_ + k], Dtype(0));
    }
    out += atwc_flag_ ? 2 * atwc_dim_ : atwc_dim_;
  }
}

template <typename Dtype>
void MutATernaryWideCtlLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutATernaryWideCtlLayer);
REGISTER_LAYER_CLASS(MutATernaryWideCtl);

}  // namespace caffe
