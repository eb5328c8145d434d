// From SigmoidLayer::Forward_cpu (caffe_src/src/caffe/layers/sigmoid_layer.cpp).
// Edit (twenty-second round, fixer's variant): the layer derives from a mixin
// Mut22ABkMixin<Dtype> whose primary template's Back() returns 0; its float and double
// specializations declare nothing and inherit Back() from a base that returns -1. The loop
// writes top at k + this->Back(): each sample's first element lands on the previous
// sample's last.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

struct Mut22ABkBase {
  int Back() const { return -1; }
};
template <typename T>
struct Mut22ABkMixin {
  int Back() const { return 0; }
};
template <>
struct Mut22ABkMixin<float> : Mut22ABkBase {};
template <>
struct Mut22ABkMixin<double> : Mut22ABkBase {};

template <typename Dtype>
class Mut22ABackSpecLayer : public Mut22ABkMixin<Dtype>, public Layer<Dtype> {
 public:
  explicit Mut22ABackSpecLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "Mut22ABackSpec"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const Dtype* bottom_data = bottom[0]->cpu_data();
    Dtype* top_data = top[0]->mutable_cpu_data();
    // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
    for (int n = 0; n < num_; ++n) {
      for (int k = 0; k < dim_; ++k) {
        top_data[n * dim_ + k + this->Back()] = bottom_data[n * dim_ + k];
      }
    }
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int num_, dim_;
};

INSTANTIATE_CLASS(Mut22ABackSpecLayer);
REGISTER_LAYER_CLASS(Mut22ABackSpec);
}  // namespace caffe
