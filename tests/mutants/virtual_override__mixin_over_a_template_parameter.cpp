// From SigmoidLayer::Forward_cpu (caffe_src/src/caffe/layers/sigmoid_layer.cpp).
// Edit (tenth red team): the activation calls a virtual hook, and a mixin template adds state
// to any layer it is put over: `template <class Base> class Carrying : public Base` overrides
// the hook with one that carries the previous sample's value in a member. The layer that uses
// it derives from Carrying<MutSHookedLayer<Dtype> >: its base is a template parameter, so the
// analysis never counted Carrying's override among the bodies `this->Hook` may run.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSHookedLayer : public Layer<Dtype> {
 public:
  explicit MutSHookedLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSHooked"; }

 protected:
  virtual Dtype Hook(Dtype x) { return x; }
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, dim_;
};

template <typename Base>
class Carrying : public Base {
 public:
  explicit Carrying(const LayerParameter& param) : Base(param), carry_(0) {}

 protected:
  virtual float Hook(float x) {
    const float out = x + carry_;
    carry_ = x;
    return out;
  }
  float carry_;
};

template <typename Dtype>
class MutSCarryingHookedLayer : public Carrying<MutSHookedLayer<Dtype> > {
 public:
  explicit MutSCarryingHookedLayer(const LayerParameter& param)
      : Carrying<MutSHookedLayer<Dtype> >(param) {}
  virtual inline const char* type() const { return "MutSCarryingHooked"; }
};

template <typename Dtype>
void MutSHookedLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=virtual-override reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      const Dtype x = this->Hook(bottom_data[n * dim_ + k]);
      top_data[n * dim_ + k] = Dtype(1) / (Dtype(1) + std::exp(-x));
    }
  }
}

INSTANTIATE_CLASS(MutSHookedLayer);
REGISTER_LAYER_CLASS(MutSHooked);

}  // namespace caffe
