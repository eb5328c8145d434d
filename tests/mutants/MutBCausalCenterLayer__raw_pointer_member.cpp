// From BatchNormLayer (caffe_src/src/caffe/layers/batch_norm_layer.cpp), which centers the
// batch with the mean held in its member Blob mean_. Edit: a causal centering layer for
// streamed samples (each sample centered with the mean of the samples up to it), where the
// author caches a raw pointer to the mean buffer, mean_ptr_, in Reshape and updates the
// running mean through it inside the batch loop. The loop writes through a pointer member
// whose target the loop cannot see; it is one buffer for all samples, read and updated by
// each of them in order.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutBCausalCenterLayer : public Layer<Dtype> {
 public:
  explicit MutBCausalCenterLayer(const LayerParameter& param)
      : Layer<Dtype>(param), mean_ptr_(NULL) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    top[0]->ReshapeLike(*bottom[0]);
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    vector<int> mean_shape(1, dim_);
    mean_.Reshape(mean_shape);
    mean_ptr_ = mean_.mutable_cpu_data();
  }
  virtual inline const char* type() const { return "MutBCausalCenter"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Blob<Dtype> mean_;
  Dtype* mean_ptr_;  // mean_'s buffer, cached in Reshape
  int num_;
  int dim_;
};

template <typename Dtype>
void MutBCausalCenterLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                               const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  caffe_set(dim_, Dtype(0), mean_ptr_);
  // CGP-MUTANT: unsafe class=aliasing reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    const Dtype step = Dtype(1) / (n + 1);
    for (int k = 0; k < dim_; ++k) {
      const Dtype x = bottom_data[n * dim_ + k];
      mean_ptr_[k] += (x - mean_ptr_[k]) * step;
      top_data[n * dim_ + k] = x - mean_ptr_[k];
    }
  }
}

INSTANTIATE_CLASS(MutBCausalCenterLayer);
REGISTER_LAYER_CLASS(MutBCausalCenter);

}  // namespace caffe
