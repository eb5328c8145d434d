// From SoftmaxWithLossLayer::Forward_cpu (log-sum-exp of the logits) (caffe_src/src/caffe/layers/softmax_loss_layer.cpp).
// Edit: instead of a local `loss` the author accumulates straight into the loss output,
// taking a reference to top[0]'s single element per sample. All samples add into the same
// element of top[0] (a plain read-modify-write, no reduction).
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRLossSlotLayer : public Layer<Dtype> {
 public:
  explicit MutRLossSlotLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    outer_num_ = bottom[0]->count(0, 1);
    dim_ = bottom[0]->count(1);
    vector<int> loss_shape(0);
    top[0]->Reshape(loss_shape);
  }
  virtual inline const char* type() const { return "MutRLossSlot"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int outer_num_, dim_;
};

template <typename Dtype>
void MutRLossSlotLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                           const vector<Blob<Dtype>*>& top) {
  const Dtype* prob_data = bottom[0]->cpu_data();
  const Dtype* label = bottom[1]->cpu_data();
  Dtype* loss_data = top[0]->mutable_cpu_data();
  loss_data[0] = 0;
  // CGP-MUTANT: unsafe class=ref-alias reason=cross-sample-dependence
  for (int i = 0; i < outer_num_; ++i) {
    const Dtype* logits = prob_data + i * dim_;
    const int label_value = static_cast<int>(label[i]);
    Dtype m = logits[0];
    for (int k = 1; k < dim_; ++k) m = std::max(m, logits[k]);
    Dtype z = 0;
    for (int k = 0; k < dim_; ++k) z += std::exp(logits[k] - m);
    Dtype& loss = loss_data[0];
    loss += (std::log(z) + m - logits[label_value]) / outer_num_;
  }
}

INSTANTIATE_CLASS(MutRLossSlotLayer);
REGISTER_LAYER_CLASS(MutRLossSlot);

}  // namespace caffe
