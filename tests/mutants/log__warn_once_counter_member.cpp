// From TanHLayer (caffe_src/src/caffe/layers/tanh_layer.cpp), with input clipping.
// Edit: inputs beyond +-clip_ are clipped, and the layer counts the clipped samples in a member
// that it reports through an optional second top and uses to warn once per run: the author
// increments the counter inside LOG_IF's condition (`LOG_IF(WARNING, ++clipped_samples_ == 1)`).
// Every clipped sample increments the same member. (Since 2026-12-06 a LOG that does not end
// the process is itself a reason: its lines come in the order the samples run.)
#include <algorithm>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRClipCountLayer : public Layer<Dtype> {
 public:
  explicit MutRClipCountLayer(const LayerParameter& param)
      : Layer<Dtype>(param), clipped_samples_(0) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    clip_ = this->layer_param_.power_param().scale();
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    if (top.size() > 1) top[1]->Reshape(vector<int>(0));
  }
  virtual inline const char* type() const { return "MutRClipCount"; }
  virtual inline int MinTopBlobs() const { return 1; }
  virtual inline int MaxTopBlobs() const { return 2; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int clipped_samples_;
  Dtype clip_;
  int num_, dim_;
};

template <typename Dtype>
void MutRClipCountLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                            const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=member-write reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    bool clipped = false;
    for (int k = 0; k < dim_; ++k) {
      Dtype x = bottom_data[n * dim_ + k];
      if (std::fabs(x) > clip_) {
        x = std::max(std::min(x, clip_), -clip_);
        clipped = true;
      }
      top_data[n * dim_ + k] = std::tanh(x);
    }
    LOG_IF(WARNING, clipped && ++clipped_samples_ == 1) << "tanh input clipped at " << clip_;
  }
  if (top.size() > 1) top[1]->mutable_cpu_data()[0] = clipped_samples_;
}

INSTANTIATE_CLASS(MutRClipCountLayer);
REGISTER_LAYER_CLASS(MutRClipCount);

}  // namespace caffe
