// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp), as a packer.
// Control (twentieth red team): the same scratch-filling pack, but `out += dim_` runs under a
// member flag set in LayerSetUp that the loop never changes: every sample steps, out is
// `base + n * dim_`, and the loop stays parallel.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSGuardFlagScratchCtlLayer : public Layer<Dtype> {
 public:
  explicit MutSGuardFlagScratchCtlLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    gfs_stat_.Reshape(1, 1, 1, 2);
  }
  virtual inline const char* type() const { return "MutSGuardFlagScratchCtl"; }
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    gfs_flag_ = true;
  }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  Blob<Dtype> gfs_stat_;
  bool gfs_flag_;
  int num_, dim_;
};

template <typename Dtype>
void MutSGuardFlagScratchCtlLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* out = top[0]->mutable_cpu_data();
  Dtype* stat = gfs_stat_.mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), out);
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    stat[0] = 0;
    for (int k = 0; k < dim_; ++k) {
      stat[0] += bottom_data[n * dim_ + k];
    }
    if (gfs_flag_) {
      for (int k = 0; k < dim_; ++k) {
        out[k] = bottom_data[n * dim_ + k] * stat[0];
      }
      out += dim_;
    }
  }
}

template <typename Dtype>
void MutSGuardFlagScratchCtlLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSGuardFlagScratchCtlLayer);
REGISTER_LAYER_CLASS(MutSGuardFlagScratchCtl);

}  // namespace caffe
