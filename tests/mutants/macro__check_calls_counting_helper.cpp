// From SoftmaxWithLossLayer::Forward_cpu (caffe_src/src/caffe/layers/softmax_loss_layer.cpp).
// Edit: the label check is moved into a helper that also counts how often each label is
// seen (a member histogram for class rebalancing), and the author calls it inside CHECK:
// `CHECK(this->CountLabel(label_value))`. CHECK always evaluates its argument, so the helper
// runs once per sample and every sample increments the same member counters.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSCheckCountLossLayer : public Layer<Dtype> {
 public:
  explicit MutSCheckCountLossLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    label_seen_.Reshape(1, 1, 1, dim_);
    vector<int> shape(0);
    top[0]->Reshape(shape);
  }
  virtual inline const char* type() const { return "MutSCheckCountLoss"; }
  virtual inline int ExactNumBottomBlobs() const { return 2; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  bool CountLabel(int label) {
    if (label < 0 || label >= dim_) return false;
    ++seen_;
    label_seen_.mutable_cpu_data()[label] += 1;
    return true;
  }
  Blob<Dtype> label_seen_;
  int seen_;
  int num_, dim_;
};

template <typename Dtype>
void MutSCheckCountLossLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                 const vector<Blob<Dtype>*>& top) {
  const Dtype* prob = bottom[0]->cpu_data();
  const Dtype* label = bottom[1]->cpu_data();
  Dtype loss = 0;
  // CGP-MUTANT: unsafe class=member-write reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    const int label_value = static_cast<int>(label[n]);
    CHECK(this->CountLabel(label_value)) << "label out of range: " << label_value;
    Dtype norm = caffe_cpu_asum(dim_, prob + n * dim_);
    loss -= std::log(std::max(prob[n * dim_ + label_value] / norm, Dtype(FLT_MIN)));
  }
  top[0]->mutable_cpu_data()[0] = loss / num_;
}

INSTANTIATE_CLASS(MutSCheckCountLossLayer);
REGISTER_LAYER_CLASS(MutSCheckCountLoss);

}  // namespace caffe
