// From SigmoidLayer::Forward_cpu (caffe_src/src/caffe/layers/sigmoid_layer.cpp).
// Edit (twenty-second red team): the activation goes through Mut22ASiAct<Dtype>::apply; the
// float and double specializations declare nothing and inherit apply from a base class that
// smooths with the previous input, kept in a global. The analysis followed the primary
// template's apply only, never what a specialization inherits.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

static double g_mut22a_si_prev = 0;
struct Mut22ASiCarryBase {
  static double apply(double x) {
    const double r = x + g_mut22a_si_prev;
    g_mut22a_si_prev = x;
    return r;
  }
};
template <typename T>
struct Mut22ASiAct {
  static T apply(T x) { return x * 2; }
};
template <>
struct Mut22ASiAct<float> : Mut22ASiCarryBase {};
template <>
struct Mut22ASiAct<double> : Mut22ASiCarryBase {};

template <typename Dtype>
class Mut22ASpecInheritsLayer : public Layer<Dtype> {
 public:
  explicit Mut22ASpecInheritsLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "Mut22ASpecInherits"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const Dtype* bottom_data = bottom[0]->cpu_data();
    Dtype* top_data = top[0]->mutable_cpu_data();
    // CGP-MUTANT: unsafe class=global-state reason=global-state
    for (int n = 0; n < num_; ++n) {
      for (int k = 0; k < dim_; ++k) {
        top_data[n * dim_ + k] = Dtype(Mut22ASiAct<Dtype>::apply(bottom_data[n * dim_ + k]));
      }
    }
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int num_, dim_;
};

INSTANTIATE_CLASS(Mut22ASpecInheritsLayer);
REGISTER_LAYER_CLASS(Mut22ASpecInherits);
}  // namespace caffe
