// From caffe_src's LRNLayer, ACROSS_CHANNELS forward (scale = k + alpha/size * sum of the
// squares in a window of channels; y = x * scale^-beta), per sample, on one H x W position.
// Edit: a `static int` data member counts the samples normalized by all LRN layers of the
// process (for a throughput log); it is incremented once per sample in the batch loop. The
// static member is one variable shared by every thread: a race when run in parallel.
#include <algorithm>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutCountingLRNLayer : public Layer<Dtype> {
 public:
  explicit MutCountingLRNLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const LRNParameter& lrn_param = this->layer_param_.lrn_param();
    size_ = lrn_param.local_size();
    CHECK_EQ(size_ % 2, 1) << "local_size must be odd";
    pre_pad_ = (size_ - 1) / 2;
    alpha_ = lrn_param.alpha();
    beta_ = lrn_param.beta();
    k_ = lrn_param.k();
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    channels_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutCountingLRN"; }
  virtual inline int ExactNumBottomBlobs() const { return 1; }
  virtual inline int ExactNumTopBlobs() const { return 1; }

  static int samples_normalized_;

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int size_, pre_pad_;
  Dtype alpha_, beta_, k_;
  int num_, channels_;
};

template <typename Dtype>
int MutCountingLRNLayer<Dtype>::samples_normalized_ = 0;

template <typename Dtype>
void MutCountingLRNLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                             const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const Dtype alpha_over_size = alpha_ / size_;
  // CGP-MUTANT: unsafe class=static-member reason=global-state
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + n * channels_;
    Dtype* out = top_data + n * channels_;
    for (int c = 0; c < channels_; ++c) {
      const int lo = std::max(c - pre_pad_, 0);
      const int hi = std::min(c - pre_pad_ + size_, channels_);
      Dtype scale = k_;
      for (int j = lo; j < hi; ++j) {
        scale += alpha_over_size * in[j] * in[j];
      }
      out[c] = in[c] * std::pow(scale, -beta_);
    }
    ++samples_normalized_;
  }
}

INSTANTIATE_CLASS(MutCountingLRNLayer);
REGISTER_LAYER_CLASS(MutCountingLRN);

}  // namespace caffe
