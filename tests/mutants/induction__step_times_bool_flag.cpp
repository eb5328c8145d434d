// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp), as a packer.
// Edit (twenty-first red team, stride_zero_guarded_step): the step multiplied by a bool, `out +=
// dim_ * flag_`: 0 when the flag is false, and then every sample adds into the same row.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutAStepTimesFlagLayer : public Layer<Dtype> {
 public:
  explicit MutAStepTimesFlagLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    astf_num_ = bottom[0]->num();
    astf_dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    astf_stat_.Reshape(1, 1, 1, 2);
  }
  virtual inline const char* type() const { return "MutAStepTimesFlag"; }
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    this->blobs_.resize(1);
    this->blobs_[0].reset(new Blob<Dtype>(1, 1, 1, bottom[0]->count(1)));
    astf_flag_ = false;
  }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  Blob<Dtype> astf_stat_;
  bool astf_flag_;
  int astf_num_, astf_dim_;
};

template <typename Dtype>
void MutAStepTimesFlagLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* out = top[0]->mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), out);
  // CGP-MUTANT: unsafe class=induction reason=unprovable-induction
  for (int n = 0; n < astf_num_; ++n) {
    for (int k = 0; k < astf_dim_; ++k) {
      out[k] += std::max(bottom_data[n * astf_dim_ + k], Dtype(0));
    }
    out += astf_dim_ * astf_flag_;
  }
}

template <typename Dtype>
void MutAStepTimesFlagLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutAStepTimesFlagLayer);
REGISTER_LAYER_CLASS(MutAStepTimesFlag);

}  // namespace caffe
