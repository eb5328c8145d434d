// From caffe_src's AccuracyLayer (top-1 accuracy over the outer_num_ samples, inner_num_ == 1).
// Edit: the data layer pads short batches at the end with samples labelled -1, and the loop
// `break`s at the first of them. Whether sample n runs depends on the labels of all earlier
// samples: the iterations cannot be distributed among threads.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutPaddedAccuracyLayer : public Layer<Dtype> {
 public:
  explicit MutPaddedAccuracyLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    label_axis_ = bottom[0]->CanonicalAxisIndex(this->layer_param_.accuracy_param().axis());
    outer_num_ = bottom[0]->count(0, label_axis_);
    CHECK_EQ(outer_num_, bottom[1]->count()) << "one label per sample";
    vector<int> top_shape(0);  // a scalar
    top[0]->Reshape(top_shape);
  }
  virtual inline const char* type() const { return "MutPaddedAccuracy"; }
  virtual inline int ExactNumBottomBlobs() const { return 2; }
  virtual inline int ExactNumTopBlobs() const { return 1; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int label_axis_, outer_num_;
};

template <typename Dtype>
void MutPaddedAccuracyLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* bottom_label = bottom[1]->cpu_data();
  const int dim = bottom[0]->count() / outer_num_;
  Dtype accuracy = 0;
  int count = 0;
  // CGP-MUTANT: unsafe class=early-exit reason=early-exit
  for (int i = 0; i < outer_num_; ++i) {
    const int label_value = static_cast<int>(bottom_label[i]);
    if (label_value < 0) break;  // padding: the rest of the batch is empty
    const Dtype* scores = bottom_data + i * dim;
    int best = 0;
    for (int k = 1; k < dim; ++k) {
      if (scores[k] > scores[best]) best = k;
    }
    if (best == label_value) ++accuracy;
    ++count;
  }
  top[0]->mutable_cpu_data()[0] = (count == 0) ? Dtype(0) : accuracy / count;
}

INSTANTIATE_CLASS(MutPaddedAccuracyLayer);
REGISTER_LAYER_CLASS(MutPaddedAccuracy);

}  // namespace caffe
