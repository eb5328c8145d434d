// From SoftmaxWithLossLayer::Forward_cpu (caffe_src/src/caffe/layers/softmax_loss_layer.cpp).
// Edit: per-class loss weights (a member std::vector filled from the prototxt) looked up with
// `class_weight_.at(label_value)`, which throws std::out_of_range on a bad label instead of a
// CHECK. Sequentially the exception leaves the loop at the first bad sample, with the samples
// before it done and the caller able to catch it; an exception escaping a parallel region's
// thread ends the process instead, and the other samples run regardless.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSClassWeightLossLayer : public Layer<Dtype> {
 public:
  explicit MutSClassWeightLossLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    class_weight_.assign(bottom[0]->count(1), Dtype(1));
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSClassWeightLoss"; }
  virtual inline int ExactNumBottomBlobs() const { return 2; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  std::vector<Dtype> class_weight_;
  int num_, dim_;
};

template <typename Dtype>
void MutSClassWeightLossLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                  const vector<Blob<Dtype>*>& top) {
  const Dtype* prob = bottom[0]->cpu_data();
  const Dtype* label = bottom[1]->cpu_data();
  Dtype* loss = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=early-exit reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    const int label_value = static_cast<int>(label[n]);
    const Dtype w = class_weight_.at(label_value);
    for (int k = 0; k < dim_; ++k) {
      loss[n * dim_ + k] = (k == label_value)
          ? -w * std::log(std::max(prob[n * dim_ + k], Dtype(FLT_MIN))) : Dtype(0);
    }
  }
}

INSTANTIATE_CLASS(MutSClassWeightLossLayer);
REGISTER_LAYER_CLASS(MutSClassWeightLoss);

}  // namespace caffe
