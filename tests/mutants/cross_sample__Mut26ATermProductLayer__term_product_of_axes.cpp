// A sample-indexed loop (round 26, a term one sample long spelled as a product of axis sizes):
// `top[n * dim_ + channels_ * spatial_ + k]`, dim_ = count(1), channels_ = channels(),
// spatial_ = count(2): the term is a whole sample, so the write lands in sample n + 1's first
// channel (the same term spelled `bottom[0]->count(1)` is rejected).
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class Mut26ATermProductLayer : public Layer<Dtype> {
 public:
  explicit Mut26ATermProductLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    channels_ = bottom[0]->channels();
    dim_ = bottom[0]->count(1);
    spatial_ = bottom[0]->count(2);
    top[0]->Reshape(num_ + 1, bottom[0]->channels(), bottom[0]->height(), bottom[0]->width());
  }
  virtual inline const char* type() const { return "Mut26ATermProduct"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, channels_, dim_, spatial_;
};

template <typename Dtype>
void Mut26ATermProductLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int dim = dim_;
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < spatial_; ++k) {
      top_data[n * dim_ + k] = bottom_data[n * dim_ + k];
      top_data[n * dim_ + channels_ * spatial_ + k] = bottom_data[n * dim_ + k] * Dtype(2);
    }
  }
}

INSTANTIATE_CLASS(Mut26ATermProductLayer);
REGISTER_LAYER_CLASS(Mut26ATermProduct);

}  // namespace caffe
