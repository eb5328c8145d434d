// From PoolingLayer's MAX (caffe_src/src/caffe/layers/pooling_layer.cpp), across the batch.
// Edit: a causal peak normalizer: each sample is divided by the largest activation seen so
// far in the batch. The author keeps the batch peak in a local updated with std::max and, for
// readability, reads it through a const reference `peak_so_far` bound before the loop. The
// reference reads the value the previous samples left: a running max, not a reduction.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSCausalPeakRefLayer : public Layer<Dtype> {
 public:
  explicit MutSCausalPeakRefLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSCausalPeakRef"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, dim_;
};

template <typename Dtype>
void MutSCausalPeakRefLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype batch_peak = Dtype(FLT_MIN);
  const Dtype& peak_so_far = batch_peak;
  // CGP-MUTANT: unsafe class=recurrence reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    Dtype amax = Dtype(0);
    for (int k = 0; k < dim_; ++k) {
      amax = std::max(amax, std::abs(bottom_data[n * dim_ + k]));
    }
    batch_peak = std::max(batch_peak, amax);
    caffe_cpu_scale(dim_, Dtype(1) / peak_so_far, bottom_data + n * dim_, top_data + n * dim_);
  }
}

INSTANTIATE_CLASS(MutSCausalPeakRefLayer);
REGISTER_LAYER_CLASS(MutSCausalPeakRef);

}  // namespace caffe
