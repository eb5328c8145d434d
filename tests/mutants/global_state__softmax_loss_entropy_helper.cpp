// From caffe_src's SoftmaxWithLossLayer forward (-log p[label] per sample), here on
// probabilities given directly as bottom[0], inner_num_ == 1.
// Edit: a free helper in this file, called once per sample, also adds the sample's predictive
// entropy to a namespace-scope running total (for a calibration report). The `+=` on the
// global happens inside the helper, out of sight of the loop body: run in parallel, the
// samples' read-modify-writes of the global race.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

double total_prediction_entropy = 0;

// -log p[label] of one sample's probabilities; also books the entropy of the prediction.
template <typename Dtype>
Dtype sample_log_loss(const Dtype* prob, const int dim, const int label_value) {
  double entropy = 0;
  for (int k = 0; k < dim; ++k) {
    const double p = std::max(static_cast<double>(prob[k]), static_cast<double>(FLT_MIN));
    entropy -= p * std::log(p);
  }
  total_prediction_entropy += entropy;
  return -std::log(std::max(prob[label_value], Dtype(FLT_MIN)));
}

template <typename Dtype>
class MutEntropyBookLossLayer : public Layer<Dtype> {
 public:
  explicit MutEntropyBookLossLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    outer_num_ = bottom[0]->count(0, 1);
    CHECK_EQ(outer_num_, bottom[1]->count()) << "one label per sample";
    vector<int> loss_shape(0);  // a scalar
    top[0]->Reshape(loss_shape);
  }
  virtual inline const char* type() const { return "MutEntropyBookLoss"; }
  virtual inline int ExactNumBottomBlobs() const { return 2; }
  virtual inline int ExactNumTopBlobs() const { return 1; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int outer_num_;
};

template <typename Dtype>
void MutEntropyBookLossLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                 const vector<Blob<Dtype>*>& top) {
  const Dtype* prob_data = bottom[0]->cpu_data();
  const Dtype* label = bottom[1]->cpu_data();
  const int dim = bottom[0]->count() / outer_num_;
  Dtype loss = 0;
  // CGP-MUTANT: unsafe class=global-state reason=global-state
  for (int i = 0; i < outer_num_; ++i) {
    const int label_value = static_cast<int>(label[i]);
    CHECK_GE(label_value, 0);
    CHECK_LT(label_value, dim);
    loss += sample_log_loss(prob_data + i * dim, dim, label_value);
  }
  top[0]->mutable_cpu_data()[0] = loss / outer_num_;
}

INSTANTIATE_CLASS(MutEntropyBookLossLayer);
REGISTER_LAYER_CLASS(MutEntropyBookLoss);

}  // namespace caffe
