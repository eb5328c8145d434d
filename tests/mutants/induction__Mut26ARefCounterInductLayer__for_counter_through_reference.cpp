// A sample-indexed loop (round 26, a counter stepped through a reference declared before its
// loop): `int& pos = k; for (k = 0; k < dim; ++k) { *out++ = x[k]; if (x[k] > 0) ++pos; }`: the
// inner trip is not dim, so `out = out_0 + n * dim` is not where the serial loop's out is.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class Mut26ARefCounterInductLayer : public Layer<Dtype> {
 public:
  explicit Mut26ARefCounterInductLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    channels_ = bottom[0]->channels();
    dim_ = bottom[0]->count(1);
    spatial_ = bottom[0]->count(2);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "Mut26ARefCounterInduct"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, channels_, dim_, spatial_;
};

template <typename Dtype>
void Mut26ARefCounterInductLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int dim = dim_;
  Dtype* out = top_data;
  caffe_set(top[0]->count(), Dtype(0), top_data);
  // CGP-MUTANT: unsafe class=induction reason=unprovable-induction
  for (int n = 0; n < num_; ++n) {
    int k;
    int& pos = k;
    for (k = 0; k < dim; ++k) {
      *out++ = bottom_data[n * dim + k];
      if (bottom_data[n * dim + k] > Dtype(0)) ++pos;
    }
  }
}

INSTANTIATE_CLASS(Mut26ARefCounterInductLayer);
REGISTER_LAYER_CLASS(Mut26ARefCounterInduct);

}  // namespace caffe
