// From EuclideanLoss-style sums (caffe_src's LossLayer family, loss_layer.cpp) in a ReLU.
// Edit: the layer accumulates the batch's active mass through a pointer `acc` set before the
// loop to the local sum, and each sample's output is scaled by the mass accumulated so far
// (read through the same pointer): a prefix sum, not a reduction.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <random>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSPrefixMassPtrLayer : public Layer<Dtype> {
 public:
  explicit MutSPrefixMassPtrLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSPrefixMassPtr"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, dim_;
};

template <typename Dtype>
void MutSPrefixMassPtrLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype mass = Dtype(1);
  Dtype* acc = &mass;
  // CGP-MUTANT: unsafe class=recurrence reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    *acc += caffe_cpu_asum(dim_, bottom_data + n * dim_);
    caffe_cpu_scale(dim_, Dtype(1) / *acc, bottom_data + n * dim_, top_data + n * dim_);
  }
}

INSTANTIATE_CLASS(MutSPrefixMassPtrLayer);
REGISTER_LAYER_CLASS(MutSPrefixMassPtr);

}  // namespace caffe
