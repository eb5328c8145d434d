// From DropoutLayer (caffe_src/src/caffe/layers/dropout_layer.cpp), a training-time noise
// layer that draws from caffe_rng_* once for the whole blob. Edit: additive Gaussian noise
// whose strength is scaled by each sample's own standard deviation; the per-sample work is
// factored into a helper AddSampleNoise, which draws the sample's noise with
// caffe_rng_gaussian. The batch loop therefore draws from the global random stream
// through the helper, in sample order; parallel samples would consume the stream in a
// different order and race on the generator's state.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/layers/neuron_layer.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutBGaussianNoiseLayer : public NeuronLayer<Dtype> {
 public:
  explicit MutBGaussianNoiseLayer(const LayerParameter& param) : NeuronLayer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom,
                          const vector<Blob<Dtype>*>& top) {
    NeuronLayer<Dtype>::LayerSetUp(bottom, top);
    sigma_ = this->layer_param_.dropout_param().dropout_ratio();
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    NeuronLayer<Dtype>::Reshape(bottom, top);
    noise_.ReshapeLike(*bottom[0]);
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
  }
  virtual inline const char* type() const { return "MutBGaussianNoise"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  // Adds noise of standard deviation sigma_ * std(in) to in, into out; noise is scratch.
  void AddSampleNoise(const Dtype* in, Dtype* noise, Dtype* out);
  Blob<Dtype> noise_;
  Dtype sigma_;
  int num_;
  int dim_;
};

template <typename Dtype>
void MutBGaussianNoiseLayer<Dtype>::AddSampleNoise(const Dtype* in, Dtype* noise, Dtype* out) {
  Dtype mean = 0;
  for (int k = 0; k < dim_; ++k) {
    mean += in[k];
  }
  mean /= dim_;
  Dtype var = 0;
  for (int k = 0; k < dim_; ++k) {
    var += (in[k] - mean) * (in[k] - mean);
  }
  const Dtype stddev = std::sqrt(var / dim_);
  caffe_rng_gaussian<Dtype>(dim_, Dtype(0), sigma_ * stddev + Dtype(1e-6), noise);
  caffe_add(dim_, in, noise, out);
}

template <typename Dtype>
void MutBGaussianNoiseLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  if (this->phase_ != TRAIN) {
    caffe_copy(bottom[0]->count(), bottom_data, top_data);
    return;
  }
  Dtype* noise_data = noise_.mutable_cpu_data();
  // CGP-MUTANT: unsafe class=rng reason=rng
  for (int n = 0; n < num_; ++n) {
    this->AddSampleNoise(bottom_data + n * dim_, noise_data + n * dim_, top_data + n * dim_);
  }
}

INSTANTIATE_CLASS(MutBGaussianNoiseLayer);
REGISTER_LAYER_CLASS(MutBGaussianNoise);

}  // namespace caffe
