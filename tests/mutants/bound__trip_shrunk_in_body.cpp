// From SigmoidCrossEntropy-style losses on padded batches, here on SigmoidLayer
// (caffe_src/src/caffe/layers/sigmoid_layer.cpp).
// Edit: a padded batch ends with padding samples (label -1). Instead of `break`, the author
// ends the loop at the first padding sample by lowering the loop's bound, a local initialized
// from num(), to the current index. Whether sample n runs depends on the labels of the samples
// before it.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRTrimPaddingLayer : public Layer<Dtype> {
 public:
  explicit MutRTrimPaddingLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutRTrimPadding"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int dim_;
};

template <typename Dtype>
void MutRTrimPaddingLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                              const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* label = bottom[1]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), top_data);
  int num = bottom[0]->num();
  // CGP-MUTANT: unsafe class=early-exit reason=not-a-batch-loop
  for (int n = 0; n < num; ++n) {
    if (static_cast<int>(label[n]) == -1) {
      num = n;  // padding from here on: nothing after it is computed
      continue;
    }
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = Dtype(1) / (Dtype(1) + std::exp(-bottom_data[n * dim_ + k]));
    }
  }
}

INSTANTIATE_CLASS(MutRTrimPaddingLayer);
REGISTER_LAYER_CLASS(MutRTrimPadding);

}  // namespace caffe
