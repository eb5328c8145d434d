// From SigmoidLayer::Forward_cpu (caffe_src/src/caffe/layers/sigmoid_layer.cpp).
// Edit (twenty-second red team, fixer's variant): two levels: the layer's mixin
// Mut22ASsMixin<Dtype> is specialized for float and double to derive from Mut22ASsMid<T>,
// whose primary template is pure and whose specializations inherit Raw from a base that keeps
// the previous input in a member.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename T>
struct Mut22ASsCarry {
  T last_;
  T Raw(T x) {
    const T r = x + last_;
    last_ = x;
    return r;
  }
};
template <typename T>
struct Mut22ASsMid {
  T Raw(T x) { return x * 3; }
};
template <>
struct Mut22ASsMid<float> : Mut22ASsCarry<float> {};
template <>
struct Mut22ASsMid<double> : Mut22ASsCarry<double> {};
template <typename T>
struct Mut22ASsMixin {
  T Raw(T x) { return x * 2; }
};
template <>
struct Mut22ASsMixin<float> : Mut22ASsMid<float> {};
template <>
struct Mut22ASsMixin<double> : Mut22ASsMid<double> {};

template <typename Dtype>
class Mut22ASpecOfSpecLayer : public Mut22ASsMixin<Dtype>, public Layer<Dtype> {
 public:
  explicit Mut22ASpecOfSpecLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "Mut22ASpecOfSpec"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const Dtype* bottom_data = bottom[0]->cpu_data();
    Dtype* top_data = top[0]->mutable_cpu_data();
    // CGP-MUTANT: unsafe class=member-write reason=cross-sample-dependence
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

INSTANTIATE_CLASS(Mut22ASpecOfSpecLayer);
REGISTER_LAYER_CLASS(Mut22ASpecOfSpec);
}  // namespace caffe
