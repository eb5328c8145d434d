// From EltwiseLayer's SUM with coefficients (caffe_src/src/caffe/layers/eltwise_layer.cpp).
// Edit: a "reference frame" layer: every sample minus the batch's first sample, and the layer
// allows in-place use (top[0] == bottom[0]), as ReLU does. In place, sample 0 zeroes its own
// data first, and the samples after it read sample 0 through bottom: whether they see the
// original frame or zeros depends on the order the samples run in.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRRefFrameLayer : public Layer<Dtype> {
 public:
  explicit MutRRefFrameLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    if (top[0] != bottom[0]) top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutRRefFrame"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, dim_;
};

template <typename Dtype>
void MutRRefFrameLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                           const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=aliasing reason=aliasing guard=bottom[0]
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = bottom_data[n * dim_ + k] - bottom_data[k];
    }
  }
}

INSTANTIATE_CLASS(MutRRefFrameLayer);
REGISTER_LAYER_CLASS(MutRRefFrame);

}  // namespace caffe
