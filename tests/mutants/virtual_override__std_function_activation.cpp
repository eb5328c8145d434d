// From caffe_src's NeuronLayer family (ReLU/Sigmoid/TanH), merged into one layer that picks
// its activation at set-up time.
// Edit: the activation is a std::function member chosen in LayerSetUp from a lambda table,
// and the batch loop calls it per element. The callee is not visible at the call: the
// "clipped" lambda captures `this` and counts saturated values in a member, so for that
// choice every sample updates the same member.
#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutPickedActivationLayer : public Layer<Dtype> {
 public:
  explicit MutPickedActivationLayer(const LayerParameter& param)
      : Layer<Dtype>(param), saturated_(0) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const std::string& name = this->layer_param_.name();
    if (name.find("sigmoid") != std::string::npos) {
      activation_ = [](Dtype x) { return Dtype(1) / (Dtype(1) + std::exp(-x)); };
    } else if (name.find("clip") != std::string::npos) {
      activation_ = [this](Dtype x) {
        if (x > Dtype(6)) ++saturated_;
        return std::min(std::max(x, Dtype(0)), Dtype(6));
      };
    } else {
      activation_ = [](Dtype x) { return std::max(x, Dtype(0)); };
    }
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutPickedActivation"; }
  virtual inline int ExactNumBottomBlobs() const { return 1; }
  virtual inline int ExactNumTopBlobs() const { return 1; }
  int saturated() const { return saturated_; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  std::function<Dtype(Dtype)> activation_;
  int saturated_;
  int num_;
  int dim_;
};

template <typename Dtype>
void MutPickedActivationLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                  const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=virtual-override reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + n * dim_;
    Dtype* out = top_data + n * dim_;
    for (int k = 0; k < dim_; ++k) {
      out[k] = activation_(in[k]);
    }
  }
}

INSTANTIATE_CLASS(MutPickedActivationLayer);
REGISTER_LAYER_CLASS(MutPickedActivation);

}  // namespace caffe
