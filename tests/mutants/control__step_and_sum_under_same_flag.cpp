// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp), as a packer.
// Control (twenty-first red team, stride_zero_guarded_step): the sum and the step both run under
// the same loop-invariant flag: with the flag true each sample adds into its own row, with it
// false no sample touches out. Stays parallel.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutAStepSumFlagCtlLayer : public Layer<Dtype> {
 public:
  explicit MutAStepSumFlagCtlLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    assc_num_ = bottom[0]->num();
    assc_dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    assc_stat_.Reshape(1, 1, 1, 2);
  }
  virtual inline const char* type() const { return "MutAStepSumFlagCtl"; }
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    this->blobs_.resize(1);
    this->blobs_[0].reset(new Blob<Dtype>(1, 1, 1, bottom[0]->count(1)));
    assc_flag_ = false;
  }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  Blob<Dtype> assc_stat_;
  bool assc_flag_;
  int assc_num_, assc_dim_;
};

template <typename Dtype>
void MutAStepSumFlagCtlLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* out = top[0]->mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), out);
  // CGP-MUTANT: control
  for (int n = 0; n < assc_num_; ++n) {
    if (assc_flag_) {
      for (int k = 0; k < assc_dim_; ++k) {
        out[k] += std::max(bottom_data[n * assc_dim_ + k], Dtype(0));
      }
      out += assc_dim_;
    }
  }
}

template <typename Dtype>
void MutAStepSumFlagCtlLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutAStepSumFlagCtlLayer);
REGISTER_LAYER_CLASS(MutAStepSumFlagCtl);

}  // namespace caffe
