// From BatchNormLayer moving averages (caffe_src/src/caffe/layers/batch_norm_layer.cpp).
// Edit: each sample is scaled by an exponential moving average of the samples' energies;
// the EMA lives in a local declared before the loop and is updated through a helper that
// takes it by non-const reference and returns the new value.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutREmaHelperLayer : public Layer<Dtype> {
 public:
  explicit MutREmaHelperLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    momentum_ = this->layer_param_.batch_norm_param().moving_average_fraction();
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutREmaHelper"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Dtype momentum_;
  Dtype UpdateEma(Dtype& ema, Dtype x) {
    ema = momentum_ * ema + (1 - momentum_) * x;
    return ema;
  }
  int num_, dim_;
};

template <typename Dtype>
void MutREmaHelperLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype ema = Dtype(1);
  // CGP-MUTANT: unsafe class=recurrence reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const Dtype e = caffe_cpu_dot(dim_, bottom_data + n * dim_, bottom_data + n * dim_) / dim_;
    const Dtype g = Dtype(1) / std::sqrt(this->UpdateEma(ema, e) + Dtype(1e-6));
    caffe_cpu_scale(dim_, g, bottom_data + n * dim_, top_data + n * dim_);
  }
}

INSTANTIATE_CLASS(MutREmaHelperLayer);
REGISTER_LAYER_CLASS(MutREmaHelper);

}  // namespace caffe
