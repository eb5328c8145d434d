// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp), as a packer.
// Control (twenty-first red team, guard_const_alias): the packing test reads, through a `const
// Dtype*` taken before the loop, a parameter Blob the loop never writes (`cfg =
// blobs_[0]->cpu_data()`), and the stores run under it with the step: the condition is the same
// for every sample. Stays parallel.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutAPackWeightsCtlLayer : public Layer<Dtype> {
 public:
  explicit MutAPackWeightsCtlLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    apwc_num_ = bottom[0]->num();
    apwc_dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    apwc_stat_.Reshape(1, 1, 1, 2);
  }
  virtual inline const char* type() const { return "MutAPackWeightsCtl"; }
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    this->blobs_.resize(1);
    this->blobs_[0].reset(new Blob<Dtype>(1, 1, 1, bottom[0]->count(1)));
    apwc_flag_ = false;
  }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  Blob<Dtype> apwc_stat_;
  bool apwc_flag_;
  int apwc_num_, apwc_dim_;
};

template <typename Dtype>
void MutAPackWeightsCtlLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* out = top[0]->mutable_cpu_data();
  const Dtype* cfg = this->blobs_[0]->cpu_data();
  caffe_set(top[0]->count(), Dtype(0), out);
  // CGP-MUTANT: control
  for (int n = 0; n < apwc_num_; ++n) {
    if (cfg[0] >= 0) {
      for (int k = 0; k < apwc_dim_; ++k) {
        out[k] = std::max(bottom_data[n * apwc_dim_ + k], Dtype(0));
      }
      out += apwc_dim_;
    }
  }
}

template <typename Dtype>
void MutAPackWeightsCtlLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutAPackWeightsCtlLayer);
REGISTER_LAYER_CLASS(MutAPackWeightsCtl);

}  // namespace caffe
