// From ReLULayer / SigmoidLayer / TanHLayer (caffe_src/src/caffe/layers/relu_layer.cpp ...),
// which each apply one fixed elementwise function. Edit: one layer for both, where
// Forward_cpu picks tanh when the layer has a tanh_param and ReLU otherwise, and hands a
// function pointer to a shared helper, ApplyPerSample, whose batch loop calls it
// for every element. The helper's loop calls through its parameter `act`: what it runs is
// decided at run time, so its effects (a counter it bumps, state it keeps) are unknown.
#include <algorithm>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutBPluggableActivationLayer : public Layer<Dtype> {
 public:
  explicit MutBPluggableActivationLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    top[0]->ReshapeLike(*bottom[0]);
    num_ = bottom[0]->shape(0);
    dim_ = bottom[0]->count(1);
  }
  virtual inline const char* type() const { return "MutBPluggableActivation"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  void ApplyPerSample(const Dtype* in, Dtype* out, Dtype (*act)(Dtype));
  static Dtype Rectify(Dtype x) { return std::max(x, Dtype(0)); }
  static Dtype Squash(Dtype x) { return std::tanh(x); }
  int num_;
  int dim_;
};

template <typename Dtype>
void MutBPluggableActivationLayer<Dtype>::ApplyPerSample(const Dtype* in, Dtype* out,
                                                         Dtype (*act)(Dtype)) {
  // CGP-MUTANT: unsafe class=unknown-call reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      out[n * dim_ + k] = act(in[n * dim_ + k]);
    }
  }
}

template <typename Dtype>
void MutBPluggableActivationLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                      const vector<Blob<Dtype>*>& top) {
  const bool use_tanh = this->layer_param_.has_tanh_param();
  ApplyPerSample(bottom[0]->cpu_data(), top[0]->mutable_cpu_data(),
                 use_tanh ? &MutBPluggableActivationLayer<Dtype>::Squash
                          : &MutBPluggableActivationLayer<Dtype>::Rectify);
}

INSTANTIATE_CLASS(MutBPluggableActivationLayer);
REGISTER_LAYER_CLASS(MutBPluggableActivation);

}  // namespace caffe
