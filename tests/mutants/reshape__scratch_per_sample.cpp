// From SoftmaxLayer (caffe_src/src/caffe/layers/softmax_layer.cpp) scale_ scratch.
// Edit: samples have a valid length (bottom[1]); the member scratch Blob is reshaped to
// the sample's length inside the batch loop (reallocating the buffer that all samples share).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRReshapeScratchLayer : public Layer<Dtype> {
 public:
  explicit MutRReshapeScratchLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutRReshapeScratch"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Blob<Dtype> scratch_;
  int num_, dim_;
};

template <typename Dtype>
void MutRReshapeScratchLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* lengths = bottom[1]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), top_data);
  // CGP-MUTANT: unsafe class=cross-sample reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    const int len = std::max(1, std::min(dim_, static_cast<int>(lengths[n])));
    scratch_.Reshape(vector<int>(1, len));
    Dtype* e = scratch_.mutable_cpu_data();
    for (int k = 0; k < len; ++k) e[k] = std::exp(bottom_data[n * dim_ + k]);
    caffe_cpu_scale(len, Dtype(1) / caffe_cpu_asum(len, e), e, top_data + n * dim_);
  }
}

INSTANTIATE_CLASS(MutRReshapeScratchLayer);
REGISTER_LAYER_CLASS(MutRReshapeScratch);

}  // namespace caffe
