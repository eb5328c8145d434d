// A sample-indexed loop (round 26, red team C): unsafe: two compound cuts of one buffer,
// `(n * C + c) * S` and `(n * C * C + c) * S`: their factors of n are compared as sets
// ({C, S} both), so C counted twice passes for the same cut; sample 1 writes sample C's slice
#include <algorithm>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class Mut26CCutFactorTwiceLayer : public Layer<Dtype> {
 public:
  explicit Mut26CCutFactorTwiceLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    channels_ = bottom[0]->count(1);
    spatial_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    top[1]->Reshape(num_, 1, 1, 1);
  }
  virtual inline const char* type() const { return "Mut26CCutFactorTwice"; }
  virtual inline int ExactNumBottomBlobs() const { return 1; }
  virtual inline int ExactNumTopBlobs() const { return 2; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, channels_, spatial_;
};

template <typename Dtype>
void Mut26CCutFactorTwiceLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* norm = top[1]->mutable_cpu_data();
  const int dim = bottom[0]->count(1);
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const int C = bottom[0]->channels();
    const int S = bottom[0]->count(2);
    for (int c = 0; c < C; ++c) {
      for (int s = 0; s < S; ++s) {
        top_data[(n * C + c) * S + s] = bottom_data[(n * C + c) * S + s];
      }
    }
    for (int c = 0; c < C; ++c) {
      for (int s = 0; s < S; ++s) {
        top_data[(n * C * C + c) * S + s] += Dtype(1);
      }
    }
    Dtype acc = 0;
    for (int s = 0; s < spatial_; ++s) {
      acc += bottom_data[n * dim + s];
    }
    norm[n] = acc;
  }
}

template <typename Dtype>
void Mut26CCutFactorTwiceLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(Mut26CCutFactorTwiceLayer);
REGISTER_LAYER_CLASS(Mut26CCutFactorTwice);

}  // namespace caffe
