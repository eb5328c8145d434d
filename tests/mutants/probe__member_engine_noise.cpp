// From DropoutLayer::Forward_cpu (caffe_src/src/caffe/layers/dropout_layer.cpp).
// Edit: per-sample Gaussian noise drawn from a member std::mt19937 engine (seeded in
// LayerSetUp for reproducibility) through a std::normal_distribution, instead of
// caffe_rng_gaussian. The engine's state carries from one draw to the next: which sample gets
// which draws depends on the order.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <random>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSEngineNoiseLayer : public Layer<Dtype> {
 public:
  explicit MutSEngineNoiseLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSEngineNoise"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  std::mt19937 gen_;
  int num_, dim_;
};

template <typename Dtype>
void MutSEngineNoiseLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  std::normal_distribution<double> noise(0.0, 0.1);
  // CGP-MUTANT: unsafe class=rng reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = bottom_data[n * dim_ + k] + Dtype(noise(gen_));
    }
  }
}

INSTANTIATE_CLASS(MutSEngineNoiseLayer);
REGISTER_LAYER_CLASS(MutSEngineNoise);

}  // namespace caffe
