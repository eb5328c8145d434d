// From caffe_src's SoftmaxLayer (inner_num_ == 1), factored as a base layer whose batch loop
// calls a virtual per-sample normalization.
// Edit: a subclass in this file inherits the batch loop and overrides the per-sample hook to
// also append each sample's confidence (its largest probability) to a member std::vector,
// for a calibration dump. push_back on the shared vector from every sample reallocates and
// reorders it: a library call with shared side effects behind the virtual call.
#include <algorithm>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRowSoftmaxLayer : public Layer<Dtype> {
 public:
  explicit MutRowSoftmaxLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    outer_num_ = bottom[0]->count(0, 1);
    channels_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutRowSoftmax"; }
  virtual inline int ExactNumBottomBlobs() const { return 1; }
  virtual inline int ExactNumTopBlobs() const { return 1; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  // The softmax of one row of `channels_` scores.
  virtual void transform_sample(const Dtype* in, Dtype* out) {
    Dtype max_val = in[0];
    for (int j = 1; j < channels_; ++j) max_val = std::max(max_val, in[j]);
    Dtype sum = 0;
    for (int j = 0; j < channels_; ++j) {
      out[j] = std::exp(in[j] - max_val);
      sum += out[j];
    }
    for (int j = 0; j < channels_; ++j) out[j] /= sum;
  }

  int outer_num_, channels_;
};

template <typename Dtype>
void MutRowSoftmaxLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                            const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=virtual-override reason=unknown-call
  for (int i = 0; i < outer_num_; ++i) {
    this->transform_sample(bottom_data + i * channels_, top_data + i * channels_);
  }
}

// The same softmax, recording each sample's confidence.
template <typename Dtype>
class MutConfidenceLogSoftmaxLayer : public MutRowSoftmaxLayer<Dtype> {
 public:
  explicit MutConfidenceLogSoftmaxLayer(const LayerParameter& param)
      : MutRowSoftmaxLayer<Dtype>(param) {}
  virtual inline const char* type() const { return "MutConfidenceLogSoftmax"; }
  const vector<Dtype>& confidences() const { return confidences_; }

 protected:
  virtual void transform_sample(const Dtype* in, Dtype* out) {
    MutRowSoftmaxLayer<Dtype>::transform_sample(in, out);
    Dtype best = out[0];
    for (int j = 1; j < this->channels_; ++j) best = std::max(best, out[j]);
    confidences_.push_back(best);
  }

  vector<Dtype> confidences_;
};

INSTANTIATE_CLASS(MutRowSoftmaxLayer);
REGISTER_LAYER_CLASS(MutRowSoftmax);
INSTANTIATE_CLASS(MutConfidenceLogSoftmaxLayer);
REGISTER_LAYER_CLASS(MutConfidenceLogSoftmax);

}  // namespace caffe
