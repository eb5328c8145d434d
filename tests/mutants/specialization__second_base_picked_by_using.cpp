// From SigmoidLayer::Forward_cpu (caffe_src/src/caffe/layers/sigmoid_layer.cpp).
// Edit (twenty-second red team, fixer's variant): the float and double specializations derive
// from a pure base and from one that keeps the previous input in a global, and pick the
// second one's apply with a using-declaration: lookup through the first base alone misses it.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

static double g_mut22a_sb = 0;
struct Mut22ASbPure {
  static double apply(double x) { return 2 * x; }
};
struct Mut22ASbCarry {
  static double apply(double x) {
    const double r = x + g_mut22a_sb;
    g_mut22a_sb = x;
    return r;
  }
};
template <typename T>
struct Mut22ASbAct {
  static T apply(T x) { return x * 2; }
};
template <>
struct Mut22ASbAct<float> : Mut22ASbPure, Mut22ASbCarry {
  using Mut22ASbCarry::apply;
};
template <>
struct Mut22ASbAct<double> : Mut22ASbPure, Mut22ASbCarry {
  using Mut22ASbCarry::apply;
};

template <typename Dtype>
class Mut22ASecondBaseUsingLayer : public Layer<Dtype> {
 public:
  explicit Mut22ASecondBaseUsingLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "Mut22ASecondBaseUsing"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const Dtype* bottom_data = bottom[0]->cpu_data();
    Dtype* top_data = top[0]->mutable_cpu_data();
    // CGP-MUTANT: unsafe class=global-state reason=global-state
    for (int n = 0; n < num_; ++n) {
      for (int k = 0; k < dim_; ++k) {
        top_data[n * dim_ + k] = Dtype(Mut22ASbAct<Dtype>::apply(bottom_data[n * dim_ + k]));
      }
    }
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int num_, dim_;
};

INSTANTIATE_CLASS(Mut22ASecondBaseUsingLayer);
REGISTER_LAYER_CLASS(Mut22ASecondBaseUsing);
}  // namespace caffe
