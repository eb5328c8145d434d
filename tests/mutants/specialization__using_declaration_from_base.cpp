// From SigmoidLayer::Forward_cpu (caffe_src/src/caffe/layers/sigmoid_layer.cpp).
// Edit (twenty-second red team): the primary template takes apply from a pure base; the
// float and double specializations derive from a base that keeps the previous input in a
// global and bring its apply in with a using-declaration.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

static double g_mut22a_su = 0;
struct Mut22ASuCarry {
  static double apply(double x) {
    const double r = x + g_mut22a_su;
    g_mut22a_su = x;
    return r;
  }
};
struct Mut22ASuPure {
  static double apply(double x) { return 2 * x; }
};
template <typename T>
struct Mut22ASuAct : Mut22ASuPure {
  using Mut22ASuPure::apply;
};
template <>
struct Mut22ASuAct<float> : Mut22ASuCarry {
  using Mut22ASuCarry::apply;
};
template <>
struct Mut22ASuAct<double> : Mut22ASuCarry {
  using Mut22ASuCarry::apply;
};

template <typename Dtype>
class Mut22ASpecUsingLayer : public Layer<Dtype> {
 public:
  explicit Mut22ASpecUsingLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "Mut22ASpecUsing"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const Dtype* bottom_data = bottom[0]->cpu_data();
    Dtype* top_data = top[0]->mutable_cpu_data();
    // CGP-MUTANT: unsafe class=global-state reason=global-state
    for (int n = 0; n < num_; ++n) {
      for (int k = 0; k < dim_; ++k) {
        top_data[n * dim_ + k] = Dtype(Mut22ASuAct<Dtype>::apply(bottom_data[n * dim_ + k]));
      }
    }
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int num_, dim_;
};

INSTANTIATE_CLASS(Mut22ASpecUsingLayer);
REGISTER_LAYER_CLASS(Mut22ASpecUsing);
}  // namespace caffe
