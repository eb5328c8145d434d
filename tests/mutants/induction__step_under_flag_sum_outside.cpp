// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp), as a packer.
// Edit (twenty-first red team, stride_zero_guarded_step): one row per sample, or (flag false)
// the batch summed into row 0: the sum `out[k] +=` runs in every sample, `out += dim_` only
// under the flag. The flag is loop-invariant, so out has a closed form, but it proves no per-
// sample slice: with the flag false every sample adds into the same row, concurrently.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutAStepFlagSumLayer : public Layer<Dtype> {
 public:
  explicit MutAStepFlagSumLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    asfs_num_ = bottom[0]->num();
    asfs_dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    asfs_stat_.Reshape(1, 1, 1, 2);
  }
  virtual inline const char* type() const { return "MutAStepFlagSum"; }
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    this->blobs_.resize(1);
    this->blobs_[0].reset(new Blob<Dtype>(1, 1, 1, bottom[0]->count(1)));
    asfs_flag_ = false;
  }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  Blob<Dtype> asfs_stat_;
  bool asfs_flag_;
  int asfs_num_, asfs_dim_;
};

template <typename Dtype>
void MutAStepFlagSumLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* out = top[0]->mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), out);
  // CGP-MUTANT: unsafe class=induction reason=unprovable-induction
  for (int n = 0; n < asfs_num_; ++n) {
    for (int k = 0; k < asfs_dim_; ++k) {
      out[k] += std::max(bottom_data[n * asfs_dim_ + k], Dtype(0));
    }
    if (asfs_flag_) out += asfs_dim_;
  }
}

template <typename Dtype>
void MutAStepFlagSumLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutAStepFlagSumLayer);
REGISTER_LAYER_CLASS(MutAStepFlagSum);

}  // namespace caffe
