// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp), as a packer.
// Edit (twentieth red team): the same pack spelled with `if (stat[0] <= 0) continue;` before
// `out += dim_`, stat a member scratch Blob filled by the sample: the continue skips the step
// for some samples, so the output offset of sample n is a count of earlier kept samples.
#include <cmath>
#include <vector>
#include <algorithm>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSContinueScratchPackLayer : public Layer<Dtype> {
 public:
  explicit MutSContinueScratchPackLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    csp_stat_.Reshape(1, 1, 1, 2);
  }
  virtual inline const char* type() const { return "MutSContinueScratchPack"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  Blob<Dtype> csp_stat_;
  int num_, dim_;
};

template <typename Dtype>
void MutSContinueScratchPackLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* out = top[0]->mutable_cpu_data();
  Dtype* stat = csp_stat_.mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), out);
  // CGP-MUTANT: unsafe class=skipped-increment reason=unprovable-induction
  for (int n = 0; n < num_; ++n) {
    stat[0] = 0;
    for (int k = 0; k < dim_; ++k) {
      stat[0] += bottom_data[n * dim_ + k];
    }
    if (stat[0] <= 0) continue;
    for (int k = 0; k < dim_; ++k) {
      out[k] = std::max(bottom_data[n * dim_ + k], Dtype(0)) * Dtype(2);
    }
    out += dim_;
  }
}

template <typename Dtype>
void MutSContinueScratchPackLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSContinueScratchPackLayer);
REGISTER_LAYER_CLASS(MutSContinueScratchPack);

}  // namespace caffe
