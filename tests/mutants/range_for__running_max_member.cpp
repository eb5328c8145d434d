// From PoolingLayer's MAX (caffe_src/src/caffe/layers/pooling_layer.cpp), across the batch.
// Edit: an identity layer with an activation monitor: it tracks a decayed running peak per
// feature in a member std::vector<Dtype>; every sample walks the member with a range-for over
// references, decaying each peak and raising it to the sample's value. Every sample
// read-modify-writes every element of the same member vector, in sample order.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRPeakMonitorLayer : public Layer<Dtype> {
 public:
  explicit MutRPeakMonitorLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    decay_ = this->layer_param_.power_param().scale();
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    peaks_.assign(dim_, Dtype(0));
  }
  virtual inline const char* type() const { return "MutRPeakMonitor"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  std::vector<Dtype> peaks_;
  Dtype decay_;
  int num_, dim_;
};

template <typename Dtype>
void MutRPeakMonitorLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                              const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=member-write reason=aliasing
  for (int n = 0; n < num_; ++n) {
    int k = 0;
    for (Dtype& p : peaks_) {
      p = std::max(p * decay_, bottom_data[n * dim_ + k]);
      ++k;
    }
    caffe_copy(dim_, bottom_data + n * dim_, top_data + n * dim_);
  }
}

INSTANTIATE_CLASS(MutRPeakMonitorLayer);
REGISTER_LAYER_CLASS(MutRPeakMonitor);

}  // namespace caffe
