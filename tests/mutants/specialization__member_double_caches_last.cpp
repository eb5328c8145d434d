// From TanHLayer (caffe_src/src/caffe/layers/tanh_layer.cpp).
// Edit: the layer's activation goes through a member helper `Act`; for double the author adds
// an explicit specialization that memoizes the last input and output in members (a cheap
// cache for runs of equal inputs, as after a ReLU). The float instantiation is pure; in the
// double one every sample reads and writes the same two members.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSMemoTanHLayer : public Layer<Dtype> {
 public:
  explicit MutSMemoTanHLayer(const LayerParameter& param)
      : Layer<Dtype>(param), last_in_(0), last_out_(0) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSMemoTanH"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Dtype Act(Dtype x);
  Dtype last_in_, last_out_;
  int num_, dim_;
};

template <typename Dtype>
Dtype MutSMemoTanHLayer<Dtype>::Act(Dtype x) {
  return std::tanh(x);
}

template <>
double MutSMemoTanHLayer<double>::Act(double x) {
  if (x != last_in_) {
    last_in_ = x;
    last_out_ = std::tanh(x);
  }
  return last_out_;
}

template <typename Dtype>
void MutSMemoTanHLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                           const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=member-write reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = this->Act(bottom_data[n * dim_ + k]);
    }
  }
}

INSTANTIATE_CLASS(MutSMemoTanHLayer);
REGISTER_LAYER_CLASS(MutSMemoTanH);

}  // namespace caffe
