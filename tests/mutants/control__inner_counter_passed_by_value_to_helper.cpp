// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp), as a packer.
// Control (twentieth red team): the helper `ScaleMarkVal(x, int k)` takes the inner counter by
// value and cannot move it: every sample's inner loop runs dim_ times, `*out++` is
// `base + n * dim_ + k`, and the loop stays parallel.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSSkipValueDecodeCtlLayer : public Layer<Dtype> {
 public:
  explicit MutSSkipValueDecodeCtlLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSSkipValueDecodeCtl"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  Dtype ScaleMarkVal(const Dtype* x, int k) {
    return x[k] < 0 ? Dtype(0) : Dtype(2);
  }
  int num_, dim_;
};

template <typename Dtype>
void MutSSkipValueDecodeCtlLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* out = top[0]->mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), out);
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      *out++ = bottom_data[n * dim_ + k] * ScaleMarkVal(bottom_data + n * dim_, k);
    }
  }
}

template <typename Dtype>
void MutSSkipValueDecodeCtlLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSSkipValueDecodeCtlLayer);
REGISTER_LAYER_CLASS(MutSSkipValueDecodeCtl);

}  // namespace caffe
