// From SigmoidLayer::Forward_cpu (caffe_src/src/caffe/layers/sigmoid_layer.cpp).
// Edit (twenty-second red team, fixer's variant): a partial specialization (for the default
// second argument, the one the loop's Mut22APiAct<Dtype> names) declares nothing and inherits
// apply from a base that smooths with the previous input, kept in a global.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

static double g_mut22a_pi = 0;
struct Mut22APiCarry {
  static double apply(double x) {
    const double r = x + g_mut22a_pi;
    g_mut22a_pi = x;
    return r;
  }
};
template <typename T, typename Tag = void>
struct Mut22APiAct {
  static T apply(T x) { return x * 2; }
};
template <typename T>
struct Mut22APiAct<T, void> : Mut22APiCarry {};

template <typename Dtype>
class Mut22APartialInheritsLayer : public Layer<Dtype> {
 public:
  explicit Mut22APartialInheritsLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "Mut22APartialInherits"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const Dtype* bottom_data = bottom[0]->cpu_data();
    Dtype* top_data = top[0]->mutable_cpu_data();
    // CGP-MUTANT: unsafe class=global-state reason=global-state
    for (int n = 0; n < num_; ++n) {
      for (int k = 0; k < dim_; ++k) {
        top_data[n * dim_ + k] = Dtype(Mut22APiAct<Dtype>::apply(bottom_data[n * dim_ + k]));
      }
    }
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int num_, dim_;
};

INSTANTIATE_CLASS(Mut22APartialInheritsLayer);
REGISTER_LAYER_CLASS(Mut22APartialInherits);
}  // namespace caffe
