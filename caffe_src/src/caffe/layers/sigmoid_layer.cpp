#include <cmath>
#include <vector>

#include "caffe/layers/sigmoid_layer.hpp"

namespace caffe {

namespace {

template <typename Dtype>
inline Dtype sigmoid(Dtype x) {
  // Written through tanh, which cannot overflow.
  return Dtype(0.5) * std::tanh(Dtype(0.5) * x) + Dtype(0.5);
}

}  // namespace

template <typename Dtype>
void SigmoidLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                      const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int count = bottom[0]->count();
  for (int i = 0; i < count; ++i) {
    top_data[i] = sigmoid(bottom_data[i]);
  }
}

template <typename Dtype>
void SigmoidLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
                                       const vector<bool>& propagate_down,
                                       const vector<Blob<Dtype>*>& bottom) {
  if (!propagate_down[0]) return;
  const Dtype* top_data = top[0]->cpu_data();
  const Dtype* top_diff = top[0]->cpu_diff();
  Dtype* bottom_diff = bottom[0]->mutable_cpu_diff();
  const int count = bottom[0]->count();
  for (int i = 0; i < count; ++i) {
    const Dtype y = top_data[i];
    bottom_diff[i] = top_diff[i] * y * (Dtype(1) - y);
  }
}

INSTANTIATE_CLASS(SigmoidLayer);
REGISTER_LAYER_CLASS(Sigmoid);

}  // namespace caffe
