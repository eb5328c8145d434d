// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp).
// Edit (nineteenth red team): a local functor declared `auto delta = MutSAutoDeltaTo<Dtype>{&carry};`
// before the loop and passed to std::transform; it carries the previous value in `carry`. A
// local declared `auto` was not taken for the functor it holds, so the carry went unseen.
#include <cmath>
#include <vector>
#include <algorithm>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

// A functor that carries the last value it saw (a running difference).
template <typename Dtype>
struct MutSAutoDeltaTo {
  Dtype* prev;
  Dtype operator()(Dtype v) const {
    Dtype r = v - *prev;
    *prev = v;
    return r;
  }
};

template <typename Dtype>
class MutSAutoFunctorLayer : public Layer<Dtype> {
 public:
  explicit MutSAutoFunctorLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSAutoFunctor"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
};

template <typename Dtype>
void MutSAutoFunctorLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype carry = 0;
  auto delta = MutSAutoDeltaTo<Dtype>{&carry};
  // CGP-MUTANT: unsafe class=unknown-call reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    vector<Dtype> row(bottom_data + n * dim_, bottom_data + (n + 1) * dim_);
    std::transform(row.begin(), row.end(), row.begin(), delta);
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = std::max(row[k], Dtype(0));
    }
  }
}

template <typename Dtype>
void MutSAutoFunctorLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSAutoFunctorLayer);
REGISTER_LAYER_CLASS(MutSAutoFunctor);

}  // namespace caffe
