// From EltwiseLayer (caffe_src/src/caffe/layers/eltwise_layer.cpp) and ConvolutionLayer's
// 1-D case. Edit: a 3-tap smoothing of a 1-D signal that the data layer cuts into frames laid
// out along the batch (frame n holds samples n*dim_ .. n*dim_ + dim_ - 1 of the signal). Each
// input value is spread to its two neighbours in the signal; the author guards only the ends
// of the whole signal, so the taps of a frame's first and last values land in the previous
// and next frames' outputs.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSSignalSmoothLayer : public Layer<Dtype> {
 public:
  explicit MutSSignalSmoothLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSSignalSmooth"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, dim_;
};

template <typename Dtype>
void MutSSignalSmoothLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                               const vector<Blob<Dtype>*>& top) {
  const Dtype* x = bottom[0]->cpu_data();
  Dtype* y = top[0]->mutable_cpu_data();
  const int count = bottom[0]->count();
  caffe_set(count, Dtype(0), y);
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      const int i = n * dim_ + k;
      y[i] += Dtype(0.5) * x[i];
      if (i > 0) y[i - 1] += Dtype(0.25) * x[i];
      if (i + 1 < count) y[i + 1] += Dtype(0.25) * x[i];
    }
  }
}

INSTANTIATE_CLASS(MutSSignalSmoothLayer);
REGISTER_LAYER_CLASS(MutSSignalSmooth);

}  // namespace caffe
