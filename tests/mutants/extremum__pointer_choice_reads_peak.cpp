// From PoolingLayer's MAX (caffe_src/src/caffe/layers/pooling_layer.cpp), across the batch.
// Edit: a peak normalizer with two modes. In TRAIN the normalizer is the running peak of the
// batch so far (a local updated with std::max), in TEST a stored peak (a member Blob). The
// author picks the normalizer once, before the loop, as a pointer to one or the other, and
// each sample divides by *norm. In TRAIN, *norm is the max of the samples before it.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSPeakChoiceLayer : public Layer<Dtype> {
 public:
  explicit MutSPeakChoiceLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    stored_peak_.Reshape(1, 1, 1, 1);
    stored_peak_.mutable_cpu_data()[0] = Dtype(1);
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSPeakChoice"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Blob<Dtype> stored_peak_;
  int num_, dim_;
};

template <typename Dtype>
void MutSPeakChoiceLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                             const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype batch_peak = Dtype(FLT_MIN);
  const Dtype* norm = (this->phase_ == TEST) ? stored_peak_.cpu_data() : &batch_peak;
  // CGP-MUTANT: unsafe class=recurrence reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    Dtype amax = Dtype(0);
    for (int k = 0; k < dim_; ++k) {
      amax = std::max(amax, std::abs(bottom_data[n * dim_ + k]));
    }
    batch_peak = std::max(batch_peak, amax);
    caffe_cpu_scale(dim_, Dtype(1) / *norm, bottom_data + n * dim_, top_data + n * dim_);
  }
}

INSTANTIATE_CLASS(MutSPeakChoiceLayer);
REGISTER_LAYER_CLASS(MutSPeakChoice);

}  // namespace caffe
