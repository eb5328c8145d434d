// Control, the legal twin of MutBUnshuffle (a scatter by a loaded index). From
// SoftmaxWithLossLayer's backward (caffe_src/src/caffe/layers/softmax_loss_layer.cpp), which
// writes bottom_diff[i * dim + label_value * inner_num_ + j]: the label picks a position
// inside sample i. Here a one-hot encoder: top sample n is cleared and position label[n]
// within it is set to 1. The loaded index stays inside the sample's slice.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutBOneHotLayer : public Layer<Dtype> {
 public:
  explicit MutBOneHotLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom,
                          const vector<Blob<Dtype>*>& top) {
    num_classes_ = this->layer_param_.inner_product_param().num_output();
    CHECK_GT(num_classes_, 0);
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    CHECK_EQ(bottom[0]->count(), num_) << "one label per sample";
    vector<int> top_shape(2);
    top_shape[0] = num_;
    top_shape[1] = num_classes_;
    top[0]->Reshape(top_shape);
  }
  virtual inline const char* type() const { return "MutBOneHot"; }
  virtual inline int ExactNumBottomBlobs() const { return 1; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_classes_;
  int num_;
};

template <typename Dtype>
void MutBOneHotLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                         const vector<Blob<Dtype>*>& top) {
  const Dtype* label = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int dim = top[0]->count(1);
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    const int label_value = static_cast<int>(label[n]);
    DCHECK_GE(label_value, 0);
    DCHECK_LT(label_value, dim);
    for (int k = 0; k < dim; ++k) {
      top_data[n * dim + k] = Dtype(0);
    }
    top_data[n * dim + label_value] = Dtype(1);
  }
}

INSTANTIATE_CLASS(MutBOneHotLayer);
REGISTER_LAYER_CLASS(MutBOneHot);

}  // namespace caffe
