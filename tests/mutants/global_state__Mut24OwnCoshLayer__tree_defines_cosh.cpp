// Mutant (round 24), the twin of control__Mut24TrigLayer: the tree defines its own `cosh`, which
// counts its calls in a global (`cosh`, not `cos`: the campaign is one tree, and the control
// calls `cos`). Unqualified lookup from namespace caffe finds it before the C
// library's: a name in the pure-function table is pure only where it is not the tree's own.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

int mut24_cosh_calls = 0;

template <typename Dtype>
Dtype cosh(Dtype x) {
  ++mut24_cosh_calls;
  return Dtype(1) - x * x / Dtype(2);
}

template <typename Dtype>
class Mut24OwnCoshLayer : public Layer<Dtype> {
 public:
  explicit Mut24OwnCoshLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "Mut24OwnCosh"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void Mut24OwnCoshLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                        const vector<Blob<Dtype>*>& top) {
  const Dtype* x = bottom[0]->cpu_data();
  Dtype* y = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=global-state reason=global-state
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      const Dtype c = std::min(Dtype(1), std::max(Dtype(-1), x[n * dim_ + k]));
      const float turns = floorf(acosf(static_cast<float>(c)) / 3.14159265f * 4.0f);
      y[n * dim_ + k] = cosh(Dtype(4) * acos(c)) + sin(Dtype(turns)) * atan2(c, Dtype(1));
    }
  }
}

INSTANTIATE_CLASS(Mut24OwnCoshLayer);
REGISTER_LAYER_CLASS(Mut24OwnCosh);

}  // namespace caffe
