// From SoftmaxWithLossLayer (caffe_src/src/caffe/layers/softmax_loss_layer.cpp): the loss
// loop over outer_num_ samples sums -log(prob[label]). Edit: online hard example mining:
// the loop also records, in a member std::vector, the index of every sample whose loss is
// above a threshold, so that Backward can restrict the gradient to the hard samples. Every
// iteration may push_back into the same member vector: concurrent push_back races on its
// size and storage, and the order of the recorded indices follows the sample order.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutBHardMiningLossLayer : public Layer<Dtype> {
 public:
  explicit MutBHardMiningLossLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom,
                          const vector<Blob<Dtype>*>& top) {
    // -log(p) above this marks a hard sample (p below one half).
    hard_threshold_ = -std::log(Dtype(0.5));
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    outer_num_ = bottom[0]->count(0, 1);
    dim_ = bottom[0]->count(1);
    CHECK_EQ(outer_num_, bottom[1]->count());
    vector<int> loss_shape(0);
    top[0]->Reshape(loss_shape);
  }
  virtual inline const char* type() const { return "MutBHardMiningLoss"; }
  virtual inline int ExactNumBottomBlobs() const { return 2; }

 protected:
  // bottom[0] holds probabilities (the output of a Softmax layer), bottom[1] the labels.
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  vector<int> hard_samples_;
  Dtype hard_threshold_;
  int outer_num_;
  int dim_;
};

template <typename Dtype>
void MutBHardMiningLossLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                 const vector<Blob<Dtype>*>& top) {
  const Dtype* prob_data = bottom[0]->cpu_data();
  const Dtype* label = bottom[1]->cpu_data();
  Dtype loss = 0;
  hard_samples_.clear();
  // CGP-MUTANT: unsafe class=container-growth reason=unknown-call
  for (int i = 0; i < outer_num_; ++i) {
    const int label_value = static_cast<int>(label[i]);
    Dtype max_other = 0;
    for (int j = 0; j < dim_; ++j) {
      if (j != label_value) max_other = std::max(max_other, prob_data[i * dim_ + j]);
    }
    const Dtype sample_loss = -std::log(std::max(prob_data[i * dim_ + label_value],
                                                 Dtype(FLT_MIN)));
    if (sample_loss > hard_threshold_ || max_other > prob_data[i * dim_ + label_value]) {
      hard_samples_.push_back(i);
    }
    loss += sample_loss;
  }
  top[0]->mutable_cpu_data()[0] = loss / std::max(outer_num_, 1);
}

INSTANTIATE_CLASS(MutBHardMiningLossLayer);
REGISTER_LAYER_CLASS(MutBHardMiningLoss);

}  // namespace caffe
