// A sample-indexed loop (round 26, one buffer at two compound strides): `top[(n * C + c) * S + s]`
// beside `top[(n * half + c) * S + s]`, half = C / 2: both record the last factor S, so they are
// taken for one cut, but sample n's second access lands in sample n / 2's slice.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class Mut26AHalfCompoundLayer : public Layer<Dtype> {
 public:
  explicit Mut26AHalfCompoundLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    channels_ = bottom[0]->channels();
    dim_ = bottom[0]->count(1);
    spatial_ = bottom[0]->count(2);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "Mut26AHalfCompound"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, channels_, dim_, spatial_;
};

template <typename Dtype>
void Mut26AHalfCompoundLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int dim = dim_;
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const int S = spatial_;
    const int half = channels_ / 2;
    for (int c = 0; c < channels_; ++c) {
      for (int s = 0; s < S; ++s) {
        top_data[(n * channels_ + c) * S + s] = bottom_data[(n * channels_ + c) * S + s];
      }
    }
    for (int c = 0; c < half; ++c) {
      for (int s = 0; s < S; ++s) {
        top_data[(n * half + c) * S + s] *= Dtype(2);
      }
    }
  }
}

INSTANTIATE_CLASS(Mut26AHalfCompoundLayer);
REGISTER_LAYER_CLASS(Mut26AHalfCompound);

}  // namespace caffe
