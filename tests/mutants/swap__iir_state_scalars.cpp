// From PowerLayer (caffe_src/src/caffe/layers/power_layer.cpp), as a per-sample gain.
// Edit: for streamed (time-major) samples the gain follows a first-order IIR filter over the
// samples' mean energy. The author keeps the filter's state in two locals and rotates them
// with std::swap at the end of each sample: `prev` then holds the gain of sample n-1.
#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRIirGainLayer : public Layer<Dtype> {
 public:
  explicit MutRIirGainLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    alpha_ = this->layer_param_.power_param().scale();
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutRIirGain"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Dtype alpha_;
  int num_, dim_;
};

template <typename Dtype>
void MutRIirGainLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                          const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype prev = Dtype(1);
  Dtype cur = Dtype(1);
  // CGP-MUTANT: unsafe class=recurrence reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    const Dtype energy = caffe_cpu_dot(dim_, bottom_data + n * dim_, bottom_data + n * dim_);
    cur = alpha_ * Dtype(1) / std::sqrt(energy / dim_ + Dtype(1e-6)) + (1 - alpha_) * prev;
    caffe_cpu_scale(dim_, cur, bottom_data + n * dim_, top_data + n * dim_);
    std::swap(prev, cur);
  }
}

INSTANTIATE_CLASS(MutRIirGainLayer);
REGISTER_LAYER_CLASS(MutRIirGain);

}  // namespace caffe
