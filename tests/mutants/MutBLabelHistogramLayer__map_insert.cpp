// From AccuracyLayer (caffe_src/src/caffe/layers/accuracy_layer.cpp), which counts the
// samples of each class in nums_buffer_, a Blob sized by the number of classes. Edit: the
// author counts the labels seen in a member std::map<int, int> instead (labels may be
// sparse ids), with label_counts_[label_value] += 1 inside the batch loop. operator[] on a
// std::map inserts a node when the label is new: concurrent iterations race on the tree's
// structure, and even existing entries are a shared read-modify-write.
#include <algorithm>
#include <map>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutBLabelHistogramLayer : public Layer<Dtype> {
 public:
  explicit MutBLabelHistogramLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    outer_num_ = bottom[0]->count(0, 1);
    dim_ = bottom[0]->count(1);
    CHECK_EQ(outer_num_, bottom[1]->count());
    vector<int> scalar_shape(0);
    top[0]->Reshape(scalar_shape);
  }
  virtual inline const char* type() const { return "MutBLabelHistogram"; }
  virtual inline int ExactNumBottomBlobs() const { return 2; }

 protected:
  // top[0]: accuracy; label_counts_: samples seen per label id, over the whole run.
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  std::map<int, int> label_counts_;
  int outer_num_;
  int dim_;
};

template <typename Dtype>
void MutBLabelHistogramLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                 const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* bottom_label = bottom[1]->cpu_data();
  Dtype accuracy = 0;
  // CGP-MUTANT: unsafe class=container-growth reason=unknown-call
  for (int i = 0; i < outer_num_; ++i) {
    const int label_value = static_cast<int>(bottom_label[i]);
    label_counts_[label_value] += 1;
    int best = 0;
    for (int k = 1; k < dim_; ++k) {
      if (bottom_data[i * dim_ + k] > bottom_data[i * dim_ + best]) best = k;
    }
    if (best == label_value) accuracy += 1;
  }
  top[0]->mutable_cpu_data()[0] = accuracy / std::max(outer_num_, 1);
}

INSTANTIATE_CLASS(MutBLabelHistogramLayer);
REGISTER_LAYER_CLASS(MutBLabelHistogram);

}  // namespace caffe
