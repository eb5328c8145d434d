// From ConcatLayer::Forward_cpu (caffe_src/src/caffe/layers/concat_layer.cpp).
// Edit: a "pair" layer copies each sample together with its successor with one memcpy
// of 2 * dim values at the sample's output row: every copy spills into the next sample's row,
// which the next sample also writes.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRPairMemcpyLayer : public Layer<Dtype> {
 public:
  explicit MutRPairMemcpyLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutRPairMemcpy"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, dim_;
};

template <typename Dtype>
void MutRPairMemcpyLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=cross-sample reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    const int rows = (n + 1 < num_) ? 2 : 1;
    std::memcpy(top_data + n * dim_, bottom_data + n * dim_, rows * dim_ * sizeof(Dtype));
    for (int k = 0; k < dim_; ++k) top_data[n * dim_ + k] *= Dtype(0.5);
  }
}

INSTANTIATE_CLASS(MutRPairMemcpyLayer);
REGISTER_LAYER_CLASS(MutRPairMemcpy);

}  // namespace caffe
