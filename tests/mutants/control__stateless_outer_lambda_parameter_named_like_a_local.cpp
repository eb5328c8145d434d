// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp).
// Control (nineteenth red team): a stateless lambda `[](Dtype acc) { return acc * Dtype(2); }`
// declared before the loop and passed to std::transform, the body declaring its own `acc` per
// element: nothing is carried from one sample to the next, and the loop stays parallel.
#include <cmath>
#include <vector>
#include <algorithm>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSLambdaStatelessCtlLayer : public Layer<Dtype> {
 public:
  explicit MutSLambdaStatelessCtlLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSLambdaStatelessCtl"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
};

template <typename Dtype>
void MutSLambdaStatelessCtlLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  auto twice = [](Dtype acc) { return acc * Dtype(2); };
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    vector<Dtype> row(bottom_data + n * dim_, bottom_data + (n + 1) * dim_);
    std::transform(row.begin(), row.end(), row.begin(), twice);
    for (int k = 0; k < dim_; ++k) {
      Dtype acc = row[k] + Dtype(1);
      top_data[n * dim_ + k] = acc;
    }
  }
}

template <typename Dtype>
void MutSLambdaStatelessCtlLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSLambdaStatelessCtlLayer);
REGISTER_LAYER_CLASS(MutSLambdaStatelessCtl);

}  // namespace caffe
