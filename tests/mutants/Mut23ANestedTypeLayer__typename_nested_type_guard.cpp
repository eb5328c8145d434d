#include <cmath>
#include <vector>
#include <type_traits>
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"
namespace caffe {

// a policy names its scope guard as a nested type; the helper declares `typename P::inner`,
// whose constructor counts calls (the policy itself has no special member)
static long g_mut23a_nt_calls = 0;
struct Mut23ANtTick { Mut23ANtTick() { ++g_mut23a_nt_calls; } };
struct Mut23ANtPolicy { typedef Mut23ANtTick inner; };

template <class P, typename Dtype>
void Mut23ANtRun(const Dtype* x, Dtype* y, int dim) {
  typename P::inner g;
  for (int k = 0; k < dim; ++k) y[k] = x[k] * 2;
}

template <typename Dtype>
class Mut23ANestedTypeLayer : public Layer<Dtype> {
 public:
  explicit Mut23ANestedTypeLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "Mut23ANestedType"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const Dtype* bottom_data = bottom[0]->cpu_data();
    Dtype* top_data = top[0]->mutable_cpu_data();

    // CGP-MUTANT: unsafe class=special-member reason=unknown-call
    for (int n = 0; n < num_; ++n) {
      Mut23ANtRun<Mut23ANtPolicy>(bottom_data + n * dim_, top_data + n * dim_, dim_);
    }
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int num_, dim_;
};

INSTANTIATE_CLASS(Mut23ANestedTypeLayer);
REGISTER_LAYER_CLASS(Mut23ANestedType);
}  // namespace caffe
