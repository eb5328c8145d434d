// A sample-indexed loop (round 26, red team C): unsafe: the best split point of a row (`best = k` over k <= dim, dim + 1 places between
// elements) used as an offset after the loop: up to dim
#include <algorithm>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class Mut26CSplitAtBoundLayer : public Layer<Dtype> {
 public:
  explicit Mut26CSplitAtBoundLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    channels_ = bottom[0]->count(1);
    spatial_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    top[1]->Reshape(num_, 1, 1, 1);
  }
  virtual inline const char* type() const { return "Mut26CSplitAtBound"; }
  virtual inline int ExactNumBottomBlobs() const { return 1; }
  virtual inline int ExactNumTopBlobs() const { return 2; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, channels_, spatial_;
};

template <typename Dtype>
void Mut26CSplitAtBoundLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* norm = top[1]->mutable_cpu_data();
  const int dim = bottom[0]->count(1);
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int i = 0; i < dim; ++i) {
      top_data[n * dim + i] = bottom_data[n * dim + i];
    }
    int best = 0;
    Dtype best_v = Dtype(-1);
    for (int k = 0; k <= dim; ++k) {
      const Dtype v = k < dim ? bottom_data[n * dim + k] : Dtype(0.5);
      if (v > best_v) {
        best_v = v;
        best = k;
      }
    }
    top_data[n * dim + best] = Dtype(n);
    Dtype acc = 0;
    for (int s = 0; s < spatial_; ++s) {
      acc += bottom_data[n * channels_ + s];
    }
    norm[n] = acc;
  }
}

template <typename Dtype>
void Mut26CSplitAtBoundLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(Mut26CSplitAtBoundLayer);
REGISTER_LAYER_CLASS(Mut26CSplitAtBound);

}  // namespace caffe
