// From caffe_src's ClipLayer-style elementwise layers: the clamp is a free function template
// of this file, `MutOuClamp(x)`.
// Edit: a non-template overload `float MutOuClamp(float)` is declared here and defined in
// another source file (helper_other_unit__float_paths.cpp): a clamp with error diffusion whose
// carry lives in a namespace-scope static. Overload resolution prefers it for Dtype = float
// (an exact match beats the template): every call of the float loop updates the carry.
// (red team, 2026-12-06, twenty-first round (b), family 2: only this file's template was
// followed)
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
Dtype MutOuClamp(Dtype x) {
  return x > 1 ? Dtype(1) : (x < -1 ? Dtype(-1) : x);
}

float MutOuClamp(float x);  // the float path, in another source file

template <typename Dtype>
class MutOuClampLayer : public Layer<Dtype> {
 public:
  explicit MutOuClampLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutOuClamp"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int dim_;
};

template <typename Dtype>
void MutOuClampLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                         const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=global-state reason=global-state
  for (int n = 0; n < bottom[0]->num(); ++n) {
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = MutOuClamp(bottom_data[n * dim_ + k]);
    }
  }
}

INSTANTIATE_CLASS(MutOuClampLayer);
REGISTER_LAYER_CLASS(MutOuClamp);

}  // namespace caffe
