// Control, the legal twin of MutBPerSampleMomentum (a parameter blob touched by every
// sample). From the bias gradient of BaseConvolutionLayer (caffe_src/src/caffe/layers/
// base_conv_layer.cpp), which accumulates each sample's spatial sums of top_diff into the
// bias diff: a per-channel bias layer whose Backward adds sample n's contribution with
// caffe_cpu_gemv (beta = 1). The parameter diff is only accumulated, never read in the
// loop: a sum reduction over the samples.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutBBiasGradLayer : public Layer<Dtype> {
 public:
  explicit MutBBiasGradLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom,
                          const vector<Blob<Dtype>*>& top) {
    channels_ = bottom[0]->shape(1);
    if (this->blobs_.size() == 0) {
      this->blobs_.resize(1);
      vector<int> bias_shape(1, channels_);
      this->blobs_[0].reset(new Blob<Dtype>(bias_shape));
      caffe_set(channels_, Dtype(0), this->blobs_[0]->mutable_cpu_data());
    }
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    CHECK_EQ(bottom[0]->shape(1), channels_);
    num_ = bottom[0]->num();
    spatial_dim_ = bottom[0]->count(2);
    top[0]->ReshapeLike(*bottom[0]);
    vector<int> mult_shape(1, spatial_dim_);
    bias_multiplier_.Reshape(mult_shape);
    caffe_set(spatial_dim_, Dtype(1), bias_multiplier_.mutable_cpu_data());
  }
  virtual inline const char* type() const { return "MutBBiasGrad"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  Blob<Dtype> bias_multiplier_;
  int channels_;
  int num_;
  int spatial_dim_;
};

template <typename Dtype>
void MutBBiasGradLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                           const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* bias = this->blobs_[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  for (int n = 0; n < num_; ++n) {
    for (int c = 0; c < channels_; ++c) {
      const int base = (n * channels_ + c) * spatial_dim_;
      for (int k = 0; k < spatial_dim_; ++k) {
        top_data[base + k] = bottom_data[base + k] + bias[c];
      }
    }
  }
}

template <typename Dtype>
void MutBBiasGradLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
                                            const vector<bool>& propagate_down,
                                            const vector<Blob<Dtype>*>& bottom) {
  const Dtype* top_diff = top[0]->cpu_diff();
  const int dim = top[0]->count(1);
  if (this->param_propagate_down_[0]) {
    Dtype* bias_diff = this->blobs_[0]->mutable_cpu_diff();
    // CGP-MUTANT: control
    for (int n = 0; n < num_; ++n) {
      caffe_cpu_gemv<Dtype>(CblasNoTrans, channels_, spatial_dim_, Dtype(1), top_diff + n * dim,
                            bias_multiplier_.cpu_data(), Dtype(1), bias_diff);
    }
  }
  if (propagate_down[0]) {
    caffe_copy(top[0]->count(), top_diff, bottom[0]->mutable_cpu_diff());
  }
}

INSTANTIATE_CLASS(MutBBiasGradLayer);
REGISTER_LAYER_CLASS(MutBBiasGrad);

}  // namespace caffe
