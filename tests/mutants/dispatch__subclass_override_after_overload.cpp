// From NeuronLayer and ReLULayer (caffe_src/src/caffe/layers/neuron_layer.cpp, relu_layer.cpp).
// Edit: a base activation layer applies a virtual per-value hook `Transform(x)`. A subclass
// adds a convenience overload `Transform(x, slope)` first, then overrides `Transform(x)` to
// keep the largest pre-activation seen in a member (for a leak-slope schedule). A base object
// of the subclass runs the override: every sample writes the same member.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSHookBaseLayer : public Layer<Dtype> {
 public:
  explicit MutSHookBaseLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSHookBase"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  virtual Dtype Transform(Dtype x) { return std::max(x, Dtype(0)); }
  int num_, dim_;
};

template <typename Dtype>
void MutSHookBaseLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                           const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=virtual-override reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = this->Transform(bottom_data[n * dim_ + k]);
    }
  }
}

template <typename Dtype>
class MutSHookLeakyLayer : public MutSHookBaseLayer<Dtype> {
 public:
  explicit MutSHookLeakyLayer(const LayerParameter& param)
      : MutSHookBaseLayer<Dtype>(param), peak_(0) {}
  virtual inline const char* type() const { return "MutSHookLeaky"; }

 protected:
  Dtype Transform(Dtype x, Dtype slope) { return x > 0 ? x : slope * x; }
  virtual Dtype Transform(Dtype x) {
    if (x > peak_) peak_ = x;
    return Transform(x, Dtype(0.01) * peak_);
  }
  Dtype peak_;
};

INSTANTIATE_CLASS(MutSHookBaseLayer);
INSTANTIATE_CLASS(MutSHookLeakyLayer);
REGISTER_LAYER_CLASS(MutSHookBase);
REGISTER_LAYER_CLASS(MutSHookLeaky);

}  // namespace caffe
