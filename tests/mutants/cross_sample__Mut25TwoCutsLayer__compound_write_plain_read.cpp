// A sample-indexed loop that writes its output and sums it (round 25, one buffer cut two
// ways): blocks written at `(n * C + c) * S`, a sum read at `n * S`: the compound form strides n by C * S.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class Mut25TwoCutsLayer : public Layer<Dtype> {
 public:
  explicit Mut25TwoCutsLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    channels_ = bottom[0]->channels();
    spatial_ = bottom[0]->count(2);
    top[0]->ReshapeLike(*bottom[0]);
    top[1]->Reshape(num_, 1, 1, 1);
  }
  virtual inline const char* type() const { return "Mut25TwoCuts"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, channels_, spatial_;
  Blob<Dtype> scratch_;
};

template <typename Dtype>
void Mut25TwoCutsLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* norm = top[1]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int c = 0; c < channels_; ++c) {
      for (int s = 0; s < spatial_; ++s) {
        top_data[(n * channels_ + c) * spatial_ + s] =
            bottom_data[(n * channels_ + c) * spatial_ + s] * Dtype(2);
      }
    }
    Dtype acc = 0;
    for (int s = 0; s < spatial_; ++s) {
      acc += top_data[n * spatial_ + s];
    }
    norm[n] = acc;
  }
}

template <typename Dtype>
void Mut25TwoCutsLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(Mut25TwoCutsLayer);
REGISTER_LAYER_CLASS(Mut25TwoCuts);

}  // namespace caffe
