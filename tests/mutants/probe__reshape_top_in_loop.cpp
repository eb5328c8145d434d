// From FlattenLayer / ReshapeLayer (caffe_src/src/caffe/layers/flatten_layer.cpp).
// Edit: a variable-length output: the author grows top[1] inside the batch loop with Reshape
// whenever a sample needs more rows than it has, then writes the sample's row. Reshape may
// reallocate the Blob's memory that the other samples are writing.
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
class MutSGrowTopLayer : public Layer<Dtype> {
 public:
  explicit MutSGrowTopLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    vector<int> shape(2, 1);
    shape[1] = dim_;
    top[1]->Reshape(shape);
  }
  virtual inline const char* type() const { return "MutSGrowTop"; }
  virtual inline int ExactNumTopBlobs() const { return 2; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, dim_;
};

template <typename Dtype>
void MutSGrowTopLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=container-growth reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    caffe_copy(dim_, bottom_data + n * dim_, top_data + n * dim_);
    if (top[1]->num() <= n) {
      vector<int> shape(2, n + 1);
      shape[1] = dim_;
      top[1]->Reshape(shape);
    }
    caffe_copy(dim_, bottom_data + n * dim_, top[1]->mutable_cpu_data() + n * dim_);
  }
}

INSTANTIATE_CLASS(MutSGrowTopLayer);
REGISTER_LAYER_CLASS(MutSGrowTop);

}  // namespace caffe
