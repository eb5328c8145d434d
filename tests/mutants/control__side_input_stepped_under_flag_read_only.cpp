// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp), as a packer.
// Control (twenty-first red team, stride_zero_guarded_step): a second input read through a
// pointer stepped only under a loop-invariant flag (`if (flag_) side += dim_;`: one row per
// sample, or row 0 shared by all), the reads not under the flag. Where the pointer does not move
// every sample reads the same row, but no sample writes bottom[1] (the loop writes only top[0],
// at its own slice), as in Caffe's PoolingLayer::Backward_cpu (`use_top_mask ? top_mask[i] :
// mask[i]`, each stepped under its flag). Stays parallel.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutASideInputFlagCtlLayer : public Layer<Dtype> {
 public:
  explicit MutASideInputFlagCtlLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    asif_num_ = bottom[0]->num();
    asif_dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    asif_stat_.Reshape(1, 1, 1, 2);
  }
  virtual inline const char* type() const { return "MutASideInputFlagCtl"; }
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    this->blobs_.resize(1);
    this->blobs_[0].reset(new Blob<Dtype>(1, 1, 1, bottom[0]->count(1)));
    asif_flag_ = false;
  }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  Blob<Dtype> asif_stat_;
  bool asif_flag_;
  int asif_num_, asif_dim_;
};

template <typename Dtype>
void MutASideInputFlagCtlLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* side = bottom[1]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: control
  for (int n = 0; n < asif_num_; ++n) {
    for (int k = 0; k < asif_dim_; ++k) {
      top_data[n * asif_dim_ + k] = std::max(bottom_data[n * asif_dim_ + k], Dtype(0)) * side[k];
    }
    if (asif_flag_) side += asif_dim_;
  }
}

template <typename Dtype>
void MutASideInputFlagCtlLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutASideInputFlagCtlLayer);
REGISTER_LAYER_CLASS(MutASideInputFlagCtl);

}  // namespace caffe
