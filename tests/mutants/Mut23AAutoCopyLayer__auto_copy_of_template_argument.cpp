#include <cmath>
#include <vector>
#include <type_traits>
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"
namespace caffe {

// the helper copies the guard it is given with `auto`: the copy constructor counts copies
static long g_mut23a_ac_calls = 0;
struct Mut23AAcTick {
  Mut23AAcTick() {}
  Mut23AAcTick(const Mut23AAcTick&) { ++g_mut23a_ac_calls; }
};

template <class G, typename Dtype>
void Mut23AAcRun(const G& proto, const Dtype* x, Dtype* y, int dim) {
  auto g = proto;
  for (int k = 0; k < dim; ++k) y[k] = x[k] * 2;
}

template <typename Dtype>
class Mut23AAutoCopyLayer : public Layer<Dtype> {
 public:
  explicit Mut23AAutoCopyLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "Mut23AAutoCopy"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const Dtype* bottom_data = bottom[0]->cpu_data();
    Dtype* top_data = top[0]->mutable_cpu_data();

    // CGP-MUTANT: unsafe class=special-member reason=unknown-call
    for (int n = 0; n < num_; ++n) {
      Mut23AAcRun(proto_, bottom_data + n * dim_, top_data + n * dim_, dim_);
    }
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int num_, dim_;
  Mut23AAcTick proto_;
};

INSTANTIATE_CLASS(Mut23AAutoCopyLayer);
REGISTER_LAYER_CLASS(Mut23AAutoCopy);
}  // namespace caffe
