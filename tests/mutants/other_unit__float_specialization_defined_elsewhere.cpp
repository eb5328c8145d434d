// From caffe_src's TanHLayer-style elementwise layers: the activation is a free function
// template of this file, `MutOuSquash(x)`.
// Edit: a fast path for float is declared here as an explicit specialization,
// `template <> float MutOuSquash<float>(float)`, and defined in another source file
// (helper_other_unit__float_paths.cpp), where it smooths with the previous input kept in a
// namespace-scope static. The float instantiation of the batch loop runs that specialization:
// every call writes the same variable.
// (red team, 2026-12-06, twenty-first round (b), family 2: only this file's template was
// followed, the other unit's definitions dropped)
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
Dtype MutOuSquash(Dtype x) {
  return x / Dtype(2);
}

template <>
float MutOuSquash<float>(float x);  // the float fast path, in another source file

template <typename Dtype>
class MutOuSquashLayer : public Layer<Dtype> {
 public:
  explicit MutOuSquashLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutOuSquash"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int dim_;
};

template <typename Dtype>
void MutOuSquashLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                          const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=global-state reason=global-state
  for (int n = 0; n < bottom[0]->num(); ++n) {
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = MutOuSquash(bottom_data[n * dim_ + k]);
    }
  }
}

INSTANTIATE_CLASS(MutOuSquashLayer);
REGISTER_LAYER_CLASS(MutOuSquash);

}  // namespace caffe
