// From SigmoidLayer (caffe_src/src/caffe/layers/sigmoid_layer.cpp), with a scratch Blob whose
// other buffer holds a constant, as SoftmaxLayer keeps sum_multiplier_ (softmax_layer.cpp).
// Edit (eighteenth red team): `mask_diff_buf_`'s data is per-sample scratch, its diff a mask
// set in Reshape that the loop only reads (`mask = mask_diff_buf_.cpu_diff()`). Privatizing
// the Blob sent the mask pointer to the thread's copy too, whose diff does not hold the mask.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSMaskInDiffLayer : public Layer<Dtype> {
 public:
  explicit MutSMaskInDiffLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    mask_diff_buf_.Reshape(1, 1, 1, dim_);
    Dtype* m = mask_diff_buf_.mutable_cpu_diff();
    for (int k = 0; k < dim_; ++k) {
      m[k] = Dtype(k % 3 + 1);
    }
  }
  virtual inline const char* type() const { return "MutSMaskInDiff"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  Blob<Dtype> mask_diff_buf_;
  int num_, dim_;
};

template <typename Dtype>
void MutSMaskInDiffLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* s = mask_diff_buf_.mutable_cpu_data();
  const Dtype* mask = mask_diff_buf_.cpu_diff();
  // CGP-MUTANT: unsafe class=scratch-other-buffer reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      s[k] = Dtype(1) / (Dtype(1) + std::exp(-bottom_data[n * dim_ + k]));
    }
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = s[k] * mask[k];
    }
  }
}

template <typename Dtype>
void MutSMaskInDiffLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSMaskInDiffLayer);
REGISTER_LAYER_CLASS(MutSMaskInDiff);

}  // namespace caffe
