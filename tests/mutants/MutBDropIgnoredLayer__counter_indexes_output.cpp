// From SoftmaxWithLossLayer / AccuracyLayer (caffe_src/src/caffe/layers/accuracy_layer.cpp),
// which skip samples whose label is ignore_label_ and count the valid ones in `count`.
// Edit: a layer that packs the features of the valid samples at the front of top[0] (for a
// downstream metric that must not see ignored samples). The int counter of valid samples
// is used as the output index, top[count * dim + k], and incremented per kept sample: the
// slot sample n writes depends on how many earlier samples were kept.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutBDropIgnoredLayer : public Layer<Dtype> {
 public:
  explicit MutBDropIgnoredLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom,
                          const vector<Blob<Dtype>*>& top) {
    has_ignore_label_ = this->layer_param_.loss_param().has_ignore_label();
    ignore_label_ = this->layer_param_.loss_param().ignore_label();
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    CHECK_EQ(bottom[1]->count(), bottom[0]->num());
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    vector<int> scalar_shape(0);
    top[1]->Reshape(scalar_shape);
  }
  virtual inline const char* type() const { return "MutBDropIgnored"; }
  virtual inline int ExactNumBottomBlobs() const { return 2; }
  virtual inline int ExactNumTopBlobs() const { return 2; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  bool has_ignore_label_;
  int ignore_label_;
  int num_;
  int dim_;
};

template <typename Dtype>
void MutBDropIgnoredLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                              const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* label = bottom[1]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), top_data);
  int count = 0;
  // CGP-MUTANT: unsafe class=recurrence reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const int label_value = static_cast<int>(label[n]);
    if (has_ignore_label_ && label_value == ignore_label_) {
      continue;
    }
    for (int k = 0; k < dim_; ++k) {
      top_data[count * dim_ + k] = bottom_data[n * dim_ + k];
    }
    ++count;
  }
  top[1]->mutable_cpu_data()[0] = Dtype(count);
}

INSTANTIATE_CLASS(MutBDropIgnoredLayer);
REGISTER_LAYER_CLASS(MutBDropIgnored);

}  // namespace caffe
