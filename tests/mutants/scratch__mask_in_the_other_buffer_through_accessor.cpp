// From SigmoidLayer (caffe_src/src/caffe/layers/sigmoid_layer.cpp), with a scratch Blob whose
// other buffer holds a constant, as SoftmaxLayer keeps sum_multiplier_ (softmax_layer.cpp).
// Edit (eighteenth red team): the same mask in the diff, the scratch filled and the mask read
// through the accessors in the body, `caffe_mul(dim_, mask_acc_buf_.cpu_data(),
// mask_acc_buf_.cpu_diff(), ...)`: the thread's copy answers both, and its diff is no mask.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSMaskInDiffAccessorLayer : public Layer<Dtype> {
 public:
  explicit MutSMaskInDiffAccessorLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    mask_acc_buf_.Reshape(1, 1, 1, dim_);
    Dtype* m = mask_acc_buf_.mutable_cpu_diff();
    for (int k = 0; k < dim_; ++k) {
      m[k] = Dtype(k % 3 + 1);
    }
  }
  virtual inline const char* type() const { return "MutSMaskInDiffAccessor"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  Blob<Dtype> mask_acc_buf_;
  int num_, dim_;
};

template <typename Dtype>
void MutSMaskInDiffAccessorLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=scratch-other-buffer reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    caffe_copy(dim_, bottom_data + n * dim_, mask_acc_buf_.mutable_cpu_data());
    caffe_mul(dim_, mask_acc_buf_.cpu_data(), mask_acc_buf_.cpu_diff(), top_data + n * dim_);
  }
}

template <typename Dtype>
void MutSMaskInDiffAccessorLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSMaskInDiffAccessorLayer);
REGISTER_LAYER_CLASS(MutSMaskInDiffAccessor);

}  // namespace caffe
