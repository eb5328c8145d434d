// From BatchNormLayer (caffe_src/src/caffe/layers/batch_norm_layer.cpp), which folds the
// batch mean into its stored running mean once per forward pass (caffe_cpu_axpby with
// moving_average_fraction_). Edit: the running mean is updated once per sample instead,
// inside the batch loop, as an exponential moving average of each sample's channel means,
// and each sample is centered with the running mean as it stands after its own update.
// The stored mean blobs_[0] is read and overwritten by every sample: the value sample n
// sees depends on samples 0..n-1 in order (a recurrence across the batch).
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutBPerSampleMomentumLayer : public Layer<Dtype> {
 public:
  explicit MutBPerSampleMomentumLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom,
                          const vector<Blob<Dtype>*>& top) {
    moving_average_fraction_ = this->layer_param_.batch_norm_param().moving_average_fraction();
    channels_ = bottom[0]->shape(1);
    if (this->blobs_.size() == 0) {
      this->blobs_.resize(1);
      vector<int> sz(1, channels_);
      this->blobs_[0].reset(new Blob<Dtype>(sz));
      caffe_set(this->blobs_[0]->count(), Dtype(0), this->blobs_[0]->mutable_cpu_data());
    }
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    CHECK_EQ(bottom[0]->shape(1), channels_);
    num_ = bottom[0]->shape(0);
    spatial_dim_ = bottom[0]->count(2);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutBPerSampleMomentum"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Dtype moving_average_fraction_;
  int channels_;
  int num_;
  int spatial_dim_;
};

template <typename Dtype>
void MutBPerSampleMomentumLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* running_mean = this->blobs_[0]->mutable_cpu_data();
  const Dtype momentum = moving_average_fraction_;
  // CGP-MUTANT: unsafe class=recurrence reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int c = 0; c < channels_; ++c) {
      const Dtype* in = bottom_data + bottom[0]->offset(n, c);
      Dtype* out = top_data + top[0]->offset(n, c);
      Dtype sample_mean = 0;
      for (int k = 0; k < spatial_dim_; ++k) {
        sample_mean += in[k];
      }
      sample_mean /= spatial_dim_;
      running_mean[c] = momentum * running_mean[c] + (1 - momentum) * sample_mean;
      for (int k = 0; k < spatial_dim_; ++k) {
        out[k] = in[k] - running_mean[c];
      }
    }
  }
}

INSTANTIATE_CLASS(MutBPerSampleMomentumLayer);
REGISTER_LAYER_CLASS(MutBPerSampleMomentum);

}  // namespace caffe
