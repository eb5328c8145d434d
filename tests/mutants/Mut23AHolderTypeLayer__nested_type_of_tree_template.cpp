#include <cmath>
#include <vector>
#include <type_traits>
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"
namespace caffe {

// a class template of the tree names the scope guard as its member typedef for every
// element type; the loop declares `typename Holder<Dtype>::inner`, whose constructor counts
static long g_mut23a_ht_calls = 0;
struct Mut23AHtTick { Mut23AHtTick() { ++g_mut23a_ht_calls; } };
template <typename T> struct Mut23AHtHolder { typedef Mut23AHtTick inner; T unit; };

template <typename Dtype>
class Mut23AHolderTypeLayer : public Layer<Dtype> {
 public:
  explicit Mut23AHolderTypeLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "Mut23AHolderType"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const Dtype* bottom_data = bottom[0]->cpu_data();
    Dtype* top_data = top[0]->mutable_cpu_data();

    // CGP-MUTANT: unsafe class=special-member reason=unknown-call
    for (int n = 0; n < num_; ++n) {
      typename Mut23AHtHolder<Dtype>::inner g;
      for (int k = 0; k < dim_; ++k) {
        top_data[n * dim_ + k] = bottom_data[n * dim_ + k] * 2;
      }
    }
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int num_, dim_;
};

INSTANTIATE_CLASS(Mut23AHolderTypeLayer);
REGISTER_LAYER_CLASS(Mut23AHolderType);
}  // namespace caffe
