// From caffe_src's AccuracyLayer (top-1 accuracy, inner_num_ == 1).
// Edit: a namespace-scope `static` histogram of the labels seen (for a class-balance report
// printed at the end of a test pass) is incremented at the sample's label inside the batch
// loop. Two samples with the same label update the same element: a race when run in parallel.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

const int kMaxHistogramLabels = 1000;
static int label_histogram[kMaxHistogramLabels];

template <typename Dtype>
class MutLabelHistogramAccuracyLayer : public Layer<Dtype> {
 public:
  explicit MutLabelHistogramAccuracyLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    outer_num_ = bottom[0]->count(0, 1);
    CHECK_EQ(outer_num_, bottom[1]->count()) << "one label per sample";
    CHECK_LE(bottom[0]->count(1), kMaxHistogramLabels);
    vector<int> top_shape(0);  // a scalar
    top[0]->Reshape(top_shape);
  }
  virtual inline const char* type() const { return "MutLabelHistogramAccuracy"; }
  virtual inline int ExactNumBottomBlobs() const { return 2; }
  virtual inline int ExactNumTopBlobs() const { return 1; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int outer_num_;
};

template <typename Dtype>
void MutLabelHistogramAccuracyLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                        const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* bottom_label = bottom[1]->cpu_data();
  const int dim = bottom[0]->count() / outer_num_;
  Dtype accuracy = 0;
  // CGP-MUTANT: unsafe class=global-state reason=global-state
  for (int i = 0; i < outer_num_; ++i) {
    const int label_value = static_cast<int>(bottom_label[i]);
    CHECK_GE(label_value, 0);
    CHECK_LT(label_value, dim);
    ++label_histogram[label_value];
    const Dtype* scores = bottom_data + i * dim;
    int best = 0;
    for (int k = 1; k < dim; ++k) {
      if (scores[k] > scores[best]) best = k;
    }
    if (best == label_value) accuracy += 1;
  }
  top[0]->mutable_cpu_data()[0] = accuracy / outer_num_;
}

INSTANTIATE_CLASS(MutLabelHistogramAccuracyLayer);
REGISTER_LAYER_CLASS(MutLabelHistogramAccuracy);

}  // namespace caffe
