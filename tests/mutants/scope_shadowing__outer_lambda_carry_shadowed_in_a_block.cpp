// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp).
// Edit (nineteenth red team): a lambda declared before the loop, `[&](Dtype v) { acc += v; ...}`,
// carries the outer `acc` through std::transform; the body declares its own `acc` in an inner
// block. That inner declaration made the lambda's `acc` look like the sample's own: no carry seen.
#include <cmath>
#include <vector>
#include <algorithm>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSOuterLambdaCarryLayer : public Layer<Dtype> {
 public:
  explicit MutSOuterLambdaCarryLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSOuterLambdaCarry"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
};

template <typename Dtype>
void MutSOuterLambdaCarryLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype acc = 0;
  auto run = [&](Dtype v) { acc += v; return acc; };
  // CGP-MUTANT: unsafe class=scope-shadowing reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    vector<Dtype> row(dim_);
    for (int k = 0; k < dim_; ++k) {
      Dtype acc = bottom_data[n * dim_ + k] * Dtype(2);
      row[k] = acc;
    }
    std::transform(row.begin(), row.end(), row.begin(), run);
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = std::max(row[k], Dtype(0));
    }
  }
}

template <typename Dtype>
void MutSOuterLambdaCarryLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSOuterLambdaCarryLayer);
REGISTER_LAYER_CLASS(MutSOuterLambdaCarry);

}  // namespace caffe
