// From PoolingLayer's MAX (caffe_src/src/caffe/layers/pooling_layer.cpp), across the batch.
// Edit: a gradient-clipping monitor in Backward: the largest per-sample gradient norm of the
// batch is kept in a local and written to a member-free top for logging. The author writes
// `worst = std::max(norm, worst)`, the operand first. std::max returns its first argument
// unless it is less than the second: a NaN norm (a diverged sample) replaces the running
// value, and the next sample's norm replaces the NaN; a tie of +0 and -0 keeps the later one.
// The result depends on the order of the samples, beyond what a first-wins max combine keeps.
#include <algorithm>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSGradNormMonitorLayer : public Layer<Dtype> {
 public:
  explicit MutSGradNormMonitorLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    vector<int> shape(1, 1);
    top[1]->Reshape(shape);
  }
  virtual inline const char* type() const { return "MutSGradNormMonitor"; }
  virtual inline int ExactNumTopBlobs() const { return 2; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    caffe_copy(bottom[0]->count(), bottom[0]->cpu_data(), top[0]->mutable_cpu_data());
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
};

template <typename Dtype>
void MutSGradNormMonitorLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
  const Dtype* top_diff = top[0]->cpu_diff();
  Dtype* bottom_diff = bottom[0]->mutable_cpu_diff();
  Dtype worst = Dtype(0);
  // CGP-MUTANT: unsafe class=max-reduction reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const Dtype norm = std::sqrt(caffe_cpu_dot(dim_, top_diff + n * dim_, top_diff + n * dim_));
    worst = std::max(norm, worst);
    caffe_copy(dim_, top_diff + n * dim_, bottom_diff + n * dim_);
  }
  top[1]->mutable_cpu_data()[0] = worst;
}

INSTANTIATE_CLASS(MutSGradNormMonitorLayer);
REGISTER_LAYER_CLASS(MutSGradNormMonitor);

}  // namespace caffe
