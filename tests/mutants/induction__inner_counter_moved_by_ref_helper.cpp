// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp), as a packer.
// Edit (twentieth red team): a decoder: a negative value is a marker whose next element is
// skipped; a member helper `SkipMarkRef(x, int& k)` moves the inner counter through its int&
// parameter, so the inner trip (and `*out++`'s count per sample) depends on the data.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSSkipRefDecodeLayer : public Layer<Dtype> {
 public:
  explicit MutSSkipRefDecodeLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSSkipRefDecode"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  void SkipMarkRef(const Dtype* x, int& k) {
    if (x[k] < 0) ++k;
  }
  int num_, dim_;
};

template <typename Dtype>
void MutSSkipRefDecodeLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* out = top[0]->mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), out);
  // CGP-MUTANT: unsafe class=induction reason=unprovable-induction
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      *out++ = bottom_data[n * dim_ + k];
      SkipMarkRef(bottom_data + n * dim_, k);
    }
  }
}

template <typename Dtype>
void MutSSkipRefDecodeLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSSkipRefDecodeLayer);
REGISTER_LAYER_CLASS(MutSSkipRefDecode);

}  // namespace caffe
