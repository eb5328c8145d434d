// From DropoutLayer::Forward_cpu (caffe_src/src/caffe/layers/dropout_layer.cpp).
// Edit: a "test on the first sample" hack: the layer switches itself to TEST for sample 0
// (a probe sample the data layer puts first) and back to TRAIN after it, by writing
// this->phase_ inside the batch loop; each sample's scaling depends on the phase it sees.
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
class MutSPhaseProbeLayer : public Layer<Dtype> {
 public:
  explicit MutSPhaseProbeLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSPhaseProbe"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, dim_;
};

template <typename Dtype>
void MutSPhaseProbeLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const Phase phase = this->phase_;
  // CGP-MUTANT: unsafe class=member-write reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    this->phase_ = (n == 0) ? TEST : phase;
    const Dtype scale = (this->phase_ == TRAIN) ? Dtype(2) : Dtype(1);
    caffe_cpu_scale(dim_, scale, bottom_data + n * dim_, top_data + n * dim_);
  }
  this->phase_ = phase;
}

INSTANTIATE_CLASS(MutSPhaseProbeLayer);
REGISTER_LAYER_CLASS(MutSPhaseProbe);

}  // namespace caffe
