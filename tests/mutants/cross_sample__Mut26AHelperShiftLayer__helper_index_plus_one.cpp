// A sample-indexed loop (round 26, an inner index shifted inside a helper): `Put(row, k, v)`
// with `row[k + 1] = v`, row = top + n * dim, k < dim: the helper writes row[dim], the next
// sample's first element (`row[k + 1]` in the loop itself is rejected).
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class Mut26AHelperShiftLayer : public Layer<Dtype> {
 public:
  explicit Mut26AHelperShiftLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    channels_ = bottom[0]->channels();
    dim_ = bottom[0]->count(1);
    spatial_ = bottom[0]->count(2);
    top[0]->Reshape(num_ + 1, bottom[0]->channels(), bottom[0]->height(), bottom[0]->width());
  }
  virtual inline const char* type() const { return "Mut26AHelperShift"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, channels_, dim_, spatial_;
};

template <typename Dtype>
static inline void Put(Dtype* row, int k, Dtype v) { row[k + 1] = v; }

template <typename Dtype>
void Mut26AHelperShiftLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int dim = dim_;
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    Dtype* row = top_data + n * dim;
    row[0] = Dtype(0);
    for (int k = 0; k < dim; ++k) {
      Put(row, k, bottom_data[n * dim + k]);
    }
  }
}

INSTANTIATE_CLASS(Mut26AHelperShiftLayer);
REGISTER_LAYER_CLASS(Mut26AHelperShift);

}  // namespace caffe
