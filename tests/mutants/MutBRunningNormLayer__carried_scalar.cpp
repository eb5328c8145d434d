// From PowerLayer / caffe_cpu_scale (caffe_src/src/caffe/layers/power_layer.cpp): y = scale * x.
// Edit: an online gain-control layer for streamed samples: each sample is scaled by
// 1 / sqrt(running energy), where the running energy is a local scalar blended with the
// sample's own energy (sum of squares) and carried from one sample to the next. The scale
// applied to sample n depends on samples 0..n-1 in order: a scalar recurrence over the batch.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutBRunningNormLayer : public Layer<Dtype> {
 public:
  explicit MutBRunningNormLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom,
                          const vector<Blob<Dtype>*>& top) {
    decay_ = this->layer_param_.batch_norm_param().moving_average_fraction();
    eps_ = this->layer_param_.batch_norm_param().eps();
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    outer_num_ = bottom[0]->count(0, 1);
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutBRunningNorm"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Dtype decay_;
  Dtype eps_;
  int outer_num_;
  int dim_;
};

template <typename Dtype>
void MutBRunningNormLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                              const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype running_energy = Dtype(1);
  // CGP-MUTANT: unsafe class=recurrence reason=cross-sample-dependence
  for (int i = 0; i < outer_num_; ++i) {
    const Dtype* in = bottom_data + i * dim_;
    Dtype energy = 0;
    for (int k = 0; k < dim_; ++k) {
      energy += in[k] * in[k];
    }
    running_energy = decay_ * running_energy + (1 - decay_) * energy / dim_;
    const Dtype gain = Dtype(1) / std::sqrt(running_energy + eps_);
    caffe_cpu_scale(dim_, gain, in, top_data + i * dim_);
  }
}

INSTANTIATE_CLASS(MutBRunningNormLayer);
REGISTER_LAYER_CLASS(MutBRunningNorm);

}  // namespace caffe
