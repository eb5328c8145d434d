// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp), as a packer.
// Edit (review of the twenty-first round): the step multiplied by `mode & 1`, 0 for an even
// mode, and then every sample adds into the same row (the zero test knew `?:`, `!`, tests
// and bools, not a mask).
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRStepMaskedModeLayer : public Layer<Dtype> {
 public:
  explicit MutRStepMaskedModeLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    rsmm_num_ = bottom[0]->num();
    rsmm_dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    rsmm_stat_.Reshape(1, 1, 1, 2);
  }
  virtual inline const char* type() const { return "MutRStepMaskedMode"; }
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    this->blobs_.resize(1);
    this->blobs_[0].reset(new Blob<Dtype>(1, 1, 1, bottom[0]->count(1)));
    rsmm_mode_ = this->layer_param_.concat_param().axis();
  }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  Blob<Dtype> rsmm_stat_;
  int rsmm_mode_;
  int rsmm_num_, rsmm_dim_;
};

template <typename Dtype>
void MutRStepMaskedModeLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* out = top[0]->mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), out);
  // CGP-MUTANT: unsafe class=induction reason=unprovable-induction
  for (int n = 0; n < rsmm_num_; ++n) {
    for (int k = 0; k < rsmm_dim_; ++k) {
      out[k] += std::max(bottom_data[n * rsmm_dim_ + k], Dtype(0));
    }
    out += rsmm_dim_ * (rsmm_mode_ & 1);
  }
}

template <typename Dtype>
void MutRStepMaskedModeLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutRStepMaskedModeLayer);
REGISTER_LAYER_CLASS(MutRStepMaskedMode);

}  // namespace caffe
