// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp), as a packer.
// Edit (twenty-first red team, stride_zero_guarded_step): one row per sample, or (flag false)
// only the last sample's row kept: the store `out[k] =` runs in every sample, `out += dim_` only
// under the flag. With the flag false every sample stores into row 0 and the original keeps the
// last one; the parts race on it.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutAStepFlagStoreLayer : public Layer<Dtype> {
 public:
  explicit MutAStepFlagStoreLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    asfo_num_ = bottom[0]->num();
    asfo_dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    asfo_stat_.Reshape(1, 1, 1, 2);
  }
  virtual inline const char* type() const { return "MutAStepFlagStore"; }
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    this->blobs_.resize(1);
    this->blobs_[0].reset(new Blob<Dtype>(1, 1, 1, bottom[0]->count(1)));
    asfo_flag_ = false;
  }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  Blob<Dtype> asfo_stat_;
  bool asfo_flag_;
  int asfo_num_, asfo_dim_;
};

template <typename Dtype>
void MutAStepFlagStoreLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* out = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=induction reason=unprovable-induction
  for (int n = 0; n < asfo_num_; ++n) {
    for (int k = 0; k < asfo_dim_; ++k) {
      out[k] = std::max(bottom_data[n * asfo_dim_ + k], Dtype(0));
    }
    if (asfo_flag_) out += asfo_dim_;
  }
}

template <typename Dtype>
void MutAStepFlagStoreLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutAStepFlagStoreLayer);
REGISTER_LAYER_CLASS(MutAStepFlagStore);

}  // namespace caffe
