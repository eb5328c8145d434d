// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp).
// Edit (eighteenth red team): a running count `pos` declared before the loop is carried from
// sample to sample (`pos += ...`, read into the output), and the body's inner loop is
// `for (int pos = 0; ...)`. The iteration's declarations were one flat set of names with no
// scopes: after the inner loop, the outer `pos` was taken for the sample's own.
#include <cmath>
#include <vector>
#include <algorithm>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSForVarShadowLayer : public Layer<Dtype> {
 public:
  explicit MutSForVarShadowLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSForVarShadow"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
};

template <typename Dtype>
void MutSForVarShadowLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  int pos = 0;
  // CGP-MUTANT: unsafe class=scope-shadowing reason=unsupported-form
  for (int n = 0; n < num_; ++n) {
    for (int pos = 0; pos < dim_; ++pos) {
      top_data[n * dim_ + pos] = std::max(bottom_data[n * dim_ + pos], Dtype(0));
    }
    pos += bottom_data[n * dim_] > 0 ? 1 : 0;
    top_data[n * dim_] += pos;
  }
}

template <typename Dtype>
void MutSForVarShadowLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSForVarShadowLayer);
REGISTER_LAYER_CLASS(MutSForVarShadow);

}  // namespace caffe
