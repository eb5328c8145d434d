// Edit of a scale layer moved into a namespace of its own, caffe::scope_prof, that keeps a
// profiled copy of the math library's caffe_scal (it counts its calls in a namespace-scope
// variable). The unqualified `caffe_scal(...)` in the layer finds scope_prof::caffe_scal, not
// caffe's: each sample's call bumps the shared counter.
// (red team, 2026-12-06, twenty-first round, family 1: the call was taken for caffe's and
// split before)
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {
namespace scope_prof {

int g_scope_prof_calls = 0;

template <typename Dtype>
void caffe_scal(const int n, const Dtype alpha, Dtype* x) {
  ++g_scope_prof_calls;
  for (int i = 0; i < n; ++i) {
    x[i] = alpha * x[i] + Dtype(g_scope_prof_calls);
  }
}

template <typename Dtype>
class MutXProfScaleLayer : public Layer<Dtype> {
 public:
  explicit MutXProfScaleLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutXProfScale"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
};

template <typename Dtype>
void MutXProfScaleLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                            const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int num = bottom[0]->num();
  const int dim = bottom[0]->count(1);
  caffe::caffe_copy(bottom[0]->count(), bottom_data, top_data);
  // CGP-MUTANT: unsafe class=global-state reason=global-state
  for (int n = 0; n < num; ++n) {
    caffe_scal(dim, Dtype(2), top_data + n * dim);
  }
}

INSTANTIATE_CLASS(MutXProfScaleLayer);
REGISTER_LAYER_CLASS(MutXProfScale);

}  // namespace scope_prof
}  // namespace caffe
