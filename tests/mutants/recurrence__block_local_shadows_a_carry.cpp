// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp).
// Edit (eighteenth red team): a running sum `acc` declared before the loop, and a nested
// block in the body `{ Dtype acc = ...; m = acc * 2; }`. After the block closes, `acc += m`
// is the outer carry, but the walk kept the block's name as the sample's own.
#include <cmath>
#include <vector>
#include <algorithm>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSBlockShadowLayer : public Layer<Dtype> {
 public:
  explicit MutSBlockShadowLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSBlockShadow"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
};

template <typename Dtype>
void MutSBlockShadowLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype acc = 0;
  // CGP-MUTANT: unsafe class=scope-shadowing reason=unsupported-form
  for (int n = 0; n < num_; ++n) {
    Dtype m = 0;
    {
      Dtype acc = bottom_data[n * dim_];
      m = acc * 2;
    }
    acc += m;
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = std::max(bottom_data[n * dim_ + k], Dtype(0)) * acc;
    }
  }
}

template <typename Dtype>
void MutSBlockShadowLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSBlockShadowLayer);
REGISTER_LAYER_CLASS(MutSBlockShadow);

}  // namespace caffe
