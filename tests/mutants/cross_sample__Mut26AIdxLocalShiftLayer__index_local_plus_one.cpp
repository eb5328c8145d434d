// A sample-indexed loop (round 26, an inner index shifted through a local): `for (k < dim)
// { const int j = k + 1; top[n * dim + j] = x[k]; }`: j reaches dim, the next sample's first
// element; written inline (`top[n * dim + k + 1]`) the same write is rejected.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class Mut26AIdxLocalShiftLayer : public Layer<Dtype> {
 public:
  explicit Mut26AIdxLocalShiftLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    channels_ = bottom[0]->channels();
    dim_ = bottom[0]->count(1);
    spatial_ = bottom[0]->count(2);
    top[0]->Reshape(num_ + 1, bottom[0]->channels(), bottom[0]->height(), bottom[0]->width());
  }
  virtual inline const char* type() const { return "Mut26AIdxLocalShift"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, channels_, dim_, spatial_;
};

template <typename Dtype>
void Mut26AIdxLocalShiftLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int dim = dim_;
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    top_data[n * dim] = Dtype(0);
    for (int k = 0; k < dim; ++k) {
      const int j = k + 1;
      top_data[n * dim + j] = bottom_data[n * dim + k];
    }
  }
}

INSTANTIATE_CLASS(Mut26AIdxLocalShiftLayer);
REGISTER_LAYER_CLASS(Mut26AIdxLocalShift);

}  // namespace caffe
