// From SigmoidLayer::Forward_cpu (caffe_src/src/caffe/layers/sigmoid_layer.cpp).
// Control (twenty-second round): the layer's mixin is specialized for float and double to
// derive from a base whose Raw only reads a member. Parallel.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename T>
struct Mut22ACdScale {
  T scale_;
  T Raw(T x) const { return x * scale_; }
};
template <typename T>
struct Mut22ACdMixin {
  T Raw(T x) const { return x * 2; }
};
template <>
struct Mut22ACdMixin<float> : Mut22ACdScale<float> {};
template <>
struct Mut22ACdMixin<double> : Mut22ACdScale<double> {};

template <typename Dtype>
class Mut22ACtlBaseSpecPureLayer : public Mut22ACdMixin<Dtype>, public Layer<Dtype> {
 public:
  explicit Mut22ACtlBaseSpecPureLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "Mut22ACtlBaseSpecPure"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const Dtype* bottom_data = bottom[0]->cpu_data();
    Dtype* top_data = top[0]->mutable_cpu_data();
    // CGP-MUTANT: control
    for (int n = 0; n < num_; ++n) {
      for (int k = 0; k < dim_; ++k) {
        top_data[n * dim_ + k] = this->Raw(bottom_data[n * dim_ + k]);
      }
    }
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int num_, dim_;
};

INSTANTIATE_CLASS(Mut22ACtlBaseSpecPureLayer);
REGISTER_LAYER_CLASS(Mut22ACtlBaseSpecPure);
}  // namespace caffe
