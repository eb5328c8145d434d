// From EltwiseLayer (caffe_src/src/caffe/layers/eltwise_layer.cpp), operation SUM with
// coefficients {1, -1}: top = bottom[0] - bottom[1]. Edit: the layer takes one bottom that
// holds consecutive frames of a clip along the batch axis and outputs forward differences,
// top[n] = bottom[n + 1] - bottom[n]. To save a buffer the author copies bottom into top and
// then differences top in place, sample by sample. Iteration n reads sample n + 1 of top,
// which iteration n + 1 overwrites: run in parallel, n may see the difference instead of
// the frame (a write-after-read dependence between neighbouring samples).
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutBForwardDiffLayer : public Layer<Dtype> {
 public:
  explicit MutBForwardDiffLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutBForwardDiff"; }
  virtual inline int ExactNumBottomBlobs() const { return 1; }
  virtual inline int ExactNumTopBlobs() const { return 1; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutBForwardDiffLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                              const vector<Blob<Dtype>*>& top) {
  Dtype* top_data = top[0]->mutable_cpu_data();
  caffe_copy(bottom[0]->count(), bottom[0]->cpu_data(), top_data);
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    Dtype* frame = top_data + n * dim_;
    if (n + 1 == num_) {
      caffe_set(dim_, Dtype(0), frame);  // the last frame has no successor
      continue;
    }
    for (int k = 0; k < dim_; ++k) {
      frame[k] = top_data[(n + 1) * dim_ + k] - frame[k];
    }
  }
}

INSTANTIATE_CLASS(MutBForwardDiffLayer);
REGISTER_LAYER_CLASS(MutBForwardDiff);

}  // namespace caffe
