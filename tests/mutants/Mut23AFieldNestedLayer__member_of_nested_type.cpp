#include <cmath>
#include <vector>
#include <type_traits>
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"
namespace caffe {

// a holder keeps a member of its policy's nested guard type; the loop declares a holder of a
// policy whose guard's constructor counts (the policy itself has no special member)
static long g_mut23a_fn_calls = 0;
struct Mut23AFnTick { Mut23AFnTick() { ++g_mut23a_fn_calls; } };
struct Mut23AFnPolicy { typedef Mut23AFnTick inner; };
template <class P> struct Mut23AFnHolder { typename P::inner guard; int lanes; };

template <typename Dtype>
class Mut23AFieldNestedLayer : public Layer<Dtype> {
 public:
  explicit Mut23AFieldNestedLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "Mut23AFieldNested"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const Dtype* bottom_data = bottom[0]->cpu_data();
    Dtype* top_data = top[0]->mutable_cpu_data();

    // CGP-MUTANT: unsafe class=special-member reason=unknown-call
    for (int n = 0; n < num_; ++n) {
      Mut23AFnHolder<Mut23AFnPolicy> h;
      for (int k = 0; k < dim_; ++k) {
        top_data[n * dim_ + k] = bottom_data[n * dim_ + k] * 2;
      }
    }
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int num_, dim_;
};

INSTANTIATE_CLASS(Mut23AFieldNestedLayer);
REGISTER_LAYER_CLASS(Mut23AFieldNested);
}  // namespace caffe
