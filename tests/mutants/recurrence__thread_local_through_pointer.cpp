// Edit of ReLULayer with a running carry kept in a function-local `thread_local` and
// updated through a pointer to it (`Dtype* c = &carry; *c = ...`): each thread's samples
// would see only its own carry. (red team, 2026-12-05: the address of a thread_local was
// taken for the iteration's own scratch)
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRThreadLocalPtrLayer : public Layer<Dtype> {
 public:
  explicit MutRThreadLocalPtrLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutRThreadLocalPtr"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutRThreadLocalPtrLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                 const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  static thread_local Dtype carry = Dtype(0);
  // CGP-MUTANT: unsafe class=recurrence reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + n * dim_;
    Dtype* out = top_data + n * dim_;
    for (int i = 0; i < dim_; ++i) {
      out[i] = std::max(in[i], Dtype(0));
    }
    Dtype* c = &carry;
    *c = Dtype(0.5) * *c + in[0];
    out[0] += *c;
  }
}

INSTANTIATE_CLASS(MutRThreadLocalPtrLayer);
REGISTER_LAYER_CLASS(MutRThreadLocalPtr);

}  // namespace caffe
