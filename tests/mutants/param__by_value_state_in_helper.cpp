// From BatchNormLayer's moving averages (caffe_src/src/caffe/layers/batch_norm_layer.cpp).
// Edit: an exponential smoothing of per-sample gains along the batch (frames of a sequence)
// is factored into a helper that takes the initial state by value, `Dtype state`, and updates
// it per sample inside its batch loop. The state parameter carries each sample's value to the
// next one.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSSmoothGainLayer : public Layer<Dtype> {
 public:
  explicit MutSSmoothGainLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    decay_ = this->layer_param_.batch_norm_param().moving_average_fraction();
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSSmoothGain"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    SmoothGains(bottom, top, Dtype(1));
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  void SmoothGains(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top,
                   Dtype state);
  Dtype decay_;
  int num_, dim_;
};

template <typename Dtype>
void MutSSmoothGainLayer<Dtype>::SmoothGains(const vector<Blob<Dtype>*>& bottom,
                                             const vector<Blob<Dtype>*>& top, Dtype state) {
  const Dtype* in = bottom[0]->cpu_data();
  Dtype* out = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=recurrence reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const Dtype energy = caffe_cpu_dot(dim_, in + n * dim_, in + n * dim_) / dim_;
    state = decay_ * state + (Dtype(1) - decay_) * energy;
    caffe_cpu_scale(dim_, Dtype(1) / std::sqrt(state + Dtype(1e-6)), in + n * dim_,
                    out + n * dim_);
  }
}

INSTANTIATE_CLASS(MutSSmoothGainLayer);
REGISTER_LAYER_CLASS(MutSSmoothGain);

}  // namespace caffe
