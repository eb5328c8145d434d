// A sample-indexed loop (round 26, an inner index shifted inside std::min / std::max):
// `top[n * dim + std::min(k + 1, dim)]`, k < dim: the clamp is one too far, the index reaches dim,
// the next sample's first element (inline `k + 1` is rejected; `std::max(k + 1, 1)` passes too).
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class Mut26AMinClampLayer : public Layer<Dtype> {
 public:
  explicit Mut26AMinClampLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    channels_ = bottom[0]->channels();
    dim_ = bottom[0]->count(1);
    spatial_ = bottom[0]->count(2);
    top[0]->Reshape(num_ + 1, bottom[0]->channels(), bottom[0]->height(), bottom[0]->width());
  }
  virtual inline const char* type() const { return "Mut26AMinClamp"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, channels_, dim_, spatial_;
};
#include <algorithm>

template <typename Dtype>
void Mut26AMinClampLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int dim = dim_;
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim; ++k) {
      top_data[n * dim + k] = Dtype(0);
    }
    for (int k = 0; k < dim; ++k) {
      top_data[n * dim + std::min(k + 1, dim)] += bottom_data[n * dim + k];
    }
  }
}

INSTANTIATE_CLASS(Mut26AMinClampLayer);
REGISTER_LAYER_CLASS(Mut26AMinClamp);

}  // namespace caffe
