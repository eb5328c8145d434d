// From SigmoidLayer::Forward_cpu (caffe_src/src/caffe/layers/sigmoid_layer.cpp).
// Edit (twenty-second red team): the layer derives from a mixin Mut22ABsiMixin<Dtype> whose
// primary template's Raw is pure; its float and double specializations declare nothing and
// inherit Raw from Mut22ABsiCarry<T>, which keeps the previous input in a member. The loop
// calls this->Raw: every sample reads and writes the same member.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename T>
struct Mut22ABsiCarry {
  T prev_;
  T Raw(T x) {
    const T r = x + prev_;
    prev_ = x;
    return r;
  }
};
template <typename T>
struct Mut22ABsiMixin {
  T Raw(T x) { return x * 2; }
};
template <>
struct Mut22ABsiMixin<float> : Mut22ABsiCarry<float> {};
template <>
struct Mut22ABsiMixin<double> : Mut22ABsiCarry<double> {};

template <typename Dtype>
class Mut22ABaseSpecInhLayer : public Mut22ABsiMixin<Dtype>, public Layer<Dtype> {
 public:
  explicit Mut22ABaseSpecInhLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "Mut22ABaseSpecInh"; }

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

INSTANTIATE_CLASS(Mut22ABaseSpecInhLayer);
REGISTER_LAYER_CLASS(Mut22ABaseSpecInh);
}  // namespace caffe
