// From AccuracyLayer (caffe_src/src/caffe/layers/accuracy_layer.cpp): per-sample scores.
// Edit: "which labelled sample beat everything seen before it". The running best is raised by
// every sample's background score with std::max (no index), and by its labelled score with an
// if that records the sample. The index is the last labelled raise in sequence order; a block
// that starts from the initial best records a labelled raise that an earlier block's
// background score would have prevented.
#include <algorithm>
#include <cfloat>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSBeatBestLayer : public Layer<Dtype> {
 public:
  explicit MutSBeatBestLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    vector<int> shape(1, 2);
    top[0]->Reshape(shape);
  }
  virtual inline const char* type() const { return "MutSBeatBest"; }
  virtual inline int ExactNumBottomBlobs() const { return 2; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, dim_;
};

template <typename Dtype>
void MutSBeatBestLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                           const vector<Blob<Dtype>*>& top) {
  const Dtype* scores = bottom[0]->cpu_data();
  const Dtype* label = bottom[1]->cpu_data();
  Dtype best = -FLT_MAX;
  int best_labelled = -1;
  // CGP-MUTANT: unsafe class=argmax reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const int y = static_cast<int>(label[n]);
    Dtype background = -FLT_MAX;
    for (int k = 0; k < dim_; ++k) {
      if (k != y) background = std::max(background, scores[n * dim_ + k]);
    }
    best = std::max(best, background);
    const Dtype labelled = scores[n * dim_ + y];
    if (labelled > best) {
      best = labelled;
      best_labelled = n;
    }
  }
  top[0]->mutable_cpu_data()[0] = best;
  top[0]->mutable_cpu_data()[1] = best_labelled;
}

INSTANTIATE_CLASS(MutSBeatBestLayer);
REGISTER_LAYER_CLASS(MutSBeatBest);

}  // namespace caffe
