// A sample-indexed loop that writes its output and sums it (round 25, one buffer cut two
// ways): an index variable holding `(n * C + c) * S`, another holding `n * S`.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class Mut25IndexVarLayer : public Layer<Dtype> {
 public:
  explicit Mut25IndexVarLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    channels_ = bottom[0]->channels();
    spatial_ = bottom[0]->count(2);
    top[0]->ReshapeLike(*bottom[0]);
    top[1]->Reshape(num_, 1, 1, 1);
  }
  virtual inline const char* type() const { return "Mut25IndexVar"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, channels_, spatial_;
  Blob<Dtype> scratch_;
};

template <typename Dtype>
void Mut25IndexVarLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* norm = top[1]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int c = 0; c < channels_; ++c) {
      const int base = (n * channels_ + c) * spatial_;
      for (int s = 0; s < spatial_; ++s) {
        top_data[base + s] = bottom_data[base + s] * Dtype(2);
      }
    }
    Dtype acc = 0;
    const int row = n * spatial_;
    for (int s = 0; s < spatial_; ++s) {
      acc += top_data[row + s];
    }
    norm[n] = acc;
  }
}

template <typename Dtype>
void Mut25IndexVarLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(Mut25IndexVarLayer);
REGISTER_LAYER_CLASS(Mut25IndexVar);

}  // namespace caffe
