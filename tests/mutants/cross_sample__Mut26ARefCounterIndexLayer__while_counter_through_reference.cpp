// A sample-indexed loop (round 26, a counter stepped through a reference declared before its
// loop): `int& pos = k; while (k < dim) { if (x[k] > 0) ++pos; top[n * dim + k] = 1; ++k; }`:
// the bound is read as `k < dim`, but k reaches dim at the write, the next sample's first element.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class Mut26ARefCounterIndexLayer : public Layer<Dtype> {
 public:
  explicit Mut26ARefCounterIndexLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    channels_ = bottom[0]->channels();
    dim_ = bottom[0]->count(1);
    spatial_ = bottom[0]->count(2);
    top[0]->Reshape(num_ + 1, bottom[0]->channels(), bottom[0]->height(), bottom[0]->width());
  }
  virtual inline const char* type() const { return "Mut26ARefCounterIndex"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, channels_, dim_, spatial_;
};

template <typename Dtype>
void Mut26ARefCounterIndexLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int dim = dim_;
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int j = 0; j < dim; ++j) {
      top_data[n * dim + j] = Dtype(0);
    }
    int k = 0;
    int& pos = k;
    while (k < dim) {
      if (bottom_data[n * dim + k] > Dtype(0)) ++pos;
      top_data[n * dim + k] = Dtype(1);
      ++k;
    }
  }
}

INSTANTIATE_CLASS(Mut26ARefCounterIndexLayer);
REGISTER_LAYER_CLASS(Mut26ARefCounterIndex);

}  // namespace caffe
