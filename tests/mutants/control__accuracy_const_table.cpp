// Control, the legal twin of global_state__accuracy_label_histogram: from caffe_src's
// AccuracyLayer (inner_num_ == 1), with a per-class weight for a class-weighted accuracy read
// from namespace-scope constant tables (`static const int` merge map and a `const float`
// weight table). The tables are only read in the batch loop, never written: shared reads
// are safe, and the weighted sum is an ordinary reduction.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

// Ten fine classes merged into four coarse ones, with a weight per coarse class.
static const int kCoarseClass[10] = {0, 0, 1, 1, 1, 2, 2, 3, 3, 3};
const float kCoarseWeight[4] = {1.0f, 0.5f, 2.0f, 1.0f};

template <typename Dtype>
class MutCoarseAccuracyLayer : public Layer<Dtype> {
 public:
  explicit MutCoarseAccuracyLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    outer_num_ = bottom[0]->count(0, 1);
    CHECK_EQ(outer_num_, bottom[1]->count()) << "one label per sample";
    CHECK_EQ(bottom[0]->count(1), 10) << "ten fine classes";
    vector<int> top_shape(0);  // a scalar
    top[0]->Reshape(top_shape);
  }
  virtual inline const char* type() const { return "MutCoarseAccuracy"; }
  virtual inline int ExactNumBottomBlobs() const { return 2; }
  virtual inline int ExactNumTopBlobs() const { return 1; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int outer_num_;
};

template <typename Dtype>
void MutCoarseAccuracyLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* bottom_label = bottom[1]->cpu_data();
  const int dim = bottom[0]->count() / outer_num_;
  Dtype hits = 0;
  Dtype total = 0;
  // CGP-MUTANT: control
  for (int i = 0; i < outer_num_; ++i) {
    const int label_value = static_cast<int>(bottom_label[i]);
    const Dtype* scores = bottom_data + i * dim;
    int best = 0;
    for (int k = 1; k < dim; ++k) {
      if (scores[k] > scores[best]) best = k;
    }
    const int coarse = kCoarseClass[label_value];
    const Dtype w = kCoarseWeight[coarse];
    if (kCoarseClass[best] == coarse) hits += w;
    total += w;
  }
  top[0]->mutable_cpu_data()[0] = (total == 0) ? Dtype(0) : hits / total;
}

INSTANTIATE_CLASS(MutCoarseAccuracyLayer);
REGISTER_LAYER_CLASS(MutCoarseAccuracy);

}  // namespace caffe
