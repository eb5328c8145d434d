#include <cmath>
#include <vector>
#include <type_traits>
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"
namespace caffe {

// the helper declares its guard as `decltype(H::guard)`: the type of a holder's member,
// whose constructor counts calls (the holder is never made)
static long g_mut23a_dt_calls = 0;
struct Mut23ADtTick { Mut23ADtTick() { ++g_mut23a_dt_calls; } };
struct Mut23ADtHolder { Mut23ADtTick guard; };

template <class H, typename Dtype>
void Mut23ADtRun(const Dtype* x, Dtype* y, int dim) {
  decltype(H::guard) g;
  for (int k = 0; k < dim; ++k) y[k] = x[k] * 2;
}

template <typename Dtype>
class Mut23ADecltypeLayer : public Layer<Dtype> {
 public:
  explicit Mut23ADecltypeLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "Mut23ADecltype"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const Dtype* bottom_data = bottom[0]->cpu_data();
    Dtype* top_data = top[0]->mutable_cpu_data();

    // CGP-MUTANT: unsafe class=special-member reason=unknown-call
    for (int n = 0; n < num_; ++n) {
      Mut23ADtRun<Mut23ADtHolder>(bottom_data + n * dim_, top_data + n * dim_, dim_);
    }
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int num_, dim_;
};

INSTANTIATE_CLASS(Mut23ADecltypeLayer);
REGISTER_LAYER_CLASS(Mut23ADecltype);
}  // namespace caffe
