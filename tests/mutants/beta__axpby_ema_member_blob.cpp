// From BatchNormLayer's moving averages (caffe_src/src/caffe/layers/batch_norm_layer.cpp).
// Edit: a feature-tracking layer keeps an exponential moving average of the samples'
// features in a member Blob, updated once per sample with caffe_cpu_axpby:
// running = (1 - m) * x_n + m * running. With beta = m (not 0, not 1) this is a recurrence
// through the member, not a sum: the result depends on the order of the samples.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSFeatureEmaLayer : public Layer<Dtype> {
 public:
  explicit MutSFeatureEmaLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    momentum_ = this->layer_param_.batch_norm_param().moving_average_fraction();
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    if (running_.count() != dim_) {
      running_.Reshape(1, dim_, 1, 1);
      caffe_set(dim_, Dtype(0), running_.mutable_cpu_data());
    }
  }
  virtual inline const char* type() const { return "MutSFeatureEma"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Blob<Dtype> running_;
  Dtype momentum_;
  int num_, dim_;
};

template <typename Dtype>
void MutSFeatureEmaLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                             const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* running = running_.mutable_cpu_data();
  // CGP-MUTANT: unsafe class=recurrence reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    caffe_copy(dim_, bottom_data + n * dim_, top_data + n * dim_);
    caffe_cpu_axpby(dim_, Dtype(1) - momentum_, bottom_data + n * dim_, momentum_, running);
  }
}

INSTANTIATE_CLASS(MutSFeatureEmaLayer);
REGISTER_LAYER_CLASS(MutSFeatureEma);

}  // namespace caffe
