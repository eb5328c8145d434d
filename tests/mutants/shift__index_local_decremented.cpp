// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp), with smoothing.
// Edit: a leaky integrator over time-major samples: y[n] = relu(x[n]) + d * y[n-1] (with y[-1]
// taken as y[0]'s own input). The author computes the index of the previous sample as a local
// copied from n and then decremented when n > 0, and reads the output there: sample n reads
// what sample n-1 wrote.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRLeakyIntegratorLayer : public Layer<Dtype> {
 public:
  explicit MutRLeakyIntegratorLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    decay_ = this->layer_param_.relu_param().negative_slope();
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutRLeakyIntegrator"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Dtype decay_;
  int num_, dim_;
};

template <typename Dtype>
void MutRLeakyIntegratorLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                  const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=recurrence reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    int prev = n;
    if (prev > 0) --prev;
    for (int k = 0; k < dim_; ++k) {
      const Dtype x = std::max(bottom_data[n * dim_ + k], Dtype(0));
      const Dtype carried = (n > 0) ? top_data[prev * dim_ + k] : x;
      top_data[n * dim_ + k] = x + decay_ * carried;
    }
  }
}

INSTANTIATE_CLASS(MutRLeakyIntegratorLayer);
REGISTER_LAYER_CLASS(MutRLeakyIntegrator);

}  // namespace caffe
