#include <cmath>
#include <vector>
#include <type_traits>
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"
namespace caffe {

// a base of the layer's own hierarchy takes the guard class as its second template argument
// (no default): the base's helper declares one per call, and its constructor counts calls
static long g_mut23a_gb_calls = 0;
struct Mut23AGbTick { Mut23AGbTick() { ++g_mut23a_gb_calls; } };

template <typename Dtype, class Guard>
class Mut23AGbGuardedBase : public Layer<Dtype> {
 public:
  explicit Mut23AGbGuardedBase(const LayerParameter& param) : Layer<Dtype>(param) {}

 protected:
  void Mut23AGbScale(const Dtype* x, Dtype* y, int dim) {
    Guard g;
    for (int k = 0; k < dim; ++k) y[k] = x[k] * 2;
  }
};

template <typename Dtype>
class Mut23AGuardedBaseLayer : public Mut23AGbGuardedBase<Dtype, Mut23AGbTick> {
 public:
  explicit Mut23AGuardedBaseLayer(const LayerParameter& param)
      : Mut23AGbGuardedBase<Dtype, Mut23AGbTick>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "Mut23AGuardedBase"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const Dtype* bottom_data = bottom[0]->cpu_data();
    Dtype* top_data = top[0]->mutable_cpu_data();

    // CGP-MUTANT: unsafe class=special-member reason=unknown-call
    for (int n = 0; n < num_; ++n) {
      this->Mut23AGbScale(bottom_data + n * dim_, top_data + n * dim_, dim_);
    }
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int num_, dim_;
};

INSTANTIATE_CLASS(Mut23AGuardedBaseLayer);
REGISTER_LAYER_CLASS(Mut23AGuardedBase);
}  // namespace caffe
