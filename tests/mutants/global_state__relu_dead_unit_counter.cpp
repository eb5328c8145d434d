// From caffe_src's ReLULayer (y = max(x, 0) + slope * min(x, 0)), walked per sample.
// Edit: a namespace-scope counter of "dead" activations (x <= 0), for a monitoring hook that
// prints it every few hundred iterations, is incremented inside the batch loop. Every sample
// does a read-modify-write of the same global: run in parallel, increments are lost.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

// Read and reset by the training monitor.
long long relu_dead_activations = 0;

template <typename Dtype>
class MutDeadCountReLULayer : public Layer<Dtype> {
 public:
  explicit MutDeadCountReLULayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutDeadCountReLU"; }
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
void MutDeadCountReLULayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                               const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const Dtype negative_slope = this->layer_param_.relu_param().negative_slope();
  // CGP-MUTANT: unsafe class=global-state reason=global-state
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + n * dim_;
    Dtype* out = top_data + n * dim_;
    for (int k = 0; k < dim_; ++k) {
      const Dtype x = in[k];
      if (x <= 0) ++relu_dead_activations;
      out[k] = std::max(x, Dtype(0)) + negative_slope * std::min(x, Dtype(0));
    }
  }
}

INSTANTIATE_CLASS(MutDeadCountReLULayer);
REGISTER_LAYER_CLASS(MutDeadCountReLU);

}  // namespace caffe
