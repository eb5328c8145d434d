// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp).
// Edit (nineteenth red team): a bool `odd` flipped by `odd -= (bottom_data[n * dim_] > 0)` per
// sample (bool(b - 1) is b xor 1) and read after the loop. Partials combined as bools give an
// OR, not the parity: a bool is no number to sum.
#include <cmath>
#include <vector>
#include <algorithm>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSBoolAccLayer : public Layer<Dtype> {
 public:
  explicit MutSBoolAccLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSBoolAcc"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
};

template <typename Dtype>
void MutSBoolAccLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  bool odd = false;
  // CGP-MUTANT: unsafe class=recurrence reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int k = 1; k < dim_; ++k) {
      top_data[n * dim_ + k] = std::max(bottom_data[n * dim_ + k], Dtype(0));
    }
    top_data[n * dim_] = bottom_data[n * dim_] * Dtype(3);
    odd -= (bottom_data[n * dim_] > 0);
  }
  top_data[0] += odd;
}

template <typename Dtype>
void MutSBoolAccLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSBoolAccLayer);
REGISTER_LAYER_CLASS(MutSBoolAcc);

}  // namespace caffe
