// From caffe_src's SoftmaxWithLossLayer forward (the loss of each sample is -log of its
// label's probability), here on probabilities given directly as bottom[0], inner_num_ == 1.
// Edit: instead of CHECK_LT, an out-of-range label `throw`s std::out_of_range from inside the
// loop so that the caller can report the bad record. The exception must leave from the first
// bad sample with the loss of the earlier samples only; in a parallel region an exception
// cannot leave the region at all.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutCheckedLabelLossLayer : public Layer<Dtype> {
 public:
  explicit MutCheckedLabelLossLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    axis_ = bottom[0]->CanonicalAxisIndex(this->layer_param_.softmax_param().axis());
    outer_num_ = bottom[0]->count(0, axis_);
    CHECK_EQ(outer_num_, bottom[1]->count()) << "one label per sample";
    vector<int> loss_shape(0);  // a scalar
    top[0]->Reshape(loss_shape);
  }
  virtual inline const char* type() const { return "MutCheckedLabelLoss"; }
  virtual inline int ExactNumBottomBlobs() const { return 2; }
  virtual inline int ExactNumTopBlobs() const { return 1; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int axis_, outer_num_;
};

template <typename Dtype>
void MutCheckedLabelLossLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                  const vector<Blob<Dtype>*>& top) {
  const Dtype* prob_data = bottom[0]->cpu_data();
  const Dtype* label = bottom[1]->cpu_data();
  const int dim = bottom[0]->count() / outer_num_;
  Dtype loss = 0;
  // CGP-MUTANT: unsafe class=early-exit reason=early-exit
  for (int i = 0; i < outer_num_; ++i) {
    const int label_value = static_cast<int>(label[i]);
    if (label_value < 0 || label_value >= dim) {
      throw std::out_of_range("MutCheckedLabelLoss: label out of range");
    }
    // Renormalize the row first (the probabilities may come from an unnormalized source).
    Dtype row_sum = 0;
    for (int k = 0; k < dim; ++k) {
      row_sum += prob_data[i * dim + k];
    }
    loss -= std::log(std::max(prob_data[i * dim + label_value] / row_sum, Dtype(FLT_MIN)));
  }
  top[0]->mutable_cpu_data()[0] = loss / outer_num_;
}

INSTANTIATE_CLASS(MutCheckedLabelLossLayer);
REGISTER_LAYER_CLASS(MutCheckedLabelLoss);

}  // namespace caffe
