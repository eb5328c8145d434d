// From caffe_src's elementwise layers: a base layer template with a pure const member helper
// `MutDbEmphasize(x)`, which the derived layer (naming the base through a typedef, as
// Caffe's layers do) calls unqualified in its batch loop.
// Edit: namespace caffe also has a free function template MutDbEmphasize, a pre-emphasis
// filter remembering the previous input in a function-local static. Lookup in a member of a
// class template skips the dependent base (two-phase lookup), so the unqualified call runs the
// free filter: every call updates the same static.
// (red team, 2026-12-06, twenty-first round (b), family 1: the base's method was walked
// instead)
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
Dtype MutDbEmphasize(Dtype x) {
  static Dtype prev = Dtype(0);
  const Dtype y = x - Dtype(0.9) * prev;
  prev = x;
  return y;
}

template <typename Dtype>
class MutDbEmphasisBaseLayer : public Layer<Dtype> {
 public:
  explicit MutDbEmphasisBaseLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }

 protected:
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Dtype MutDbEmphasize(Dtype x) const { return x - Dtype(0.5) * x; }
  int dim_;
};

template <typename Dtype>
class MutDbEmphasisLayer : public MutDbEmphasisBaseLayer<Dtype> {
 public:
  typedef MutDbEmphasisBaseLayer<Dtype> Base;
  explicit MutDbEmphasisLayer(const LayerParameter& param) : Base(param) {}
  virtual inline const char* type() const { return "MutDbEmphasis"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
};

template <typename Dtype>
void MutDbEmphasisLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                            const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int num = bottom[0]->num();
  // CGP-MUTANT: unsafe class=local-static reason=global-state
  for (int n = 0; n < num; ++n) {
    for (int k = 0; k < this->dim_; ++k) {
      top_data[n * this->dim_ + k] = MutDbEmphasize(bottom_data[n * this->dim_ + k]);
    }
  }
}

INSTANTIATE_CLASS(MutDbEmphasisLayer);
REGISTER_LAYER_CLASS(MutDbEmphasis);

}  // namespace caffe
