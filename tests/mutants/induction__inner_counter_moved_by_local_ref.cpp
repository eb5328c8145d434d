// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp), as a packer.
// Edit (twentieth red team): the same decoder, the counter moved through a local reference
// `int& pos = k; ... ++pos;`: the inner trip of the `*out++` loop depends on the data, so out's
// offset at sample n has no closed form.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSSkipAliasDecodeLayer : public Layer<Dtype> {
 public:
  explicit MutSSkipAliasDecodeLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSSkipAliasDecode"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
};

template <typename Dtype>
void MutSSkipAliasDecodeLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* out = top[0]->mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), out);
  // CGP-MUTANT: unsafe class=induction reason=unprovable-induction
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      int& pos = k;
      *out++ = bottom_data[n * dim_ + k];
      if (bottom_data[n * dim_ + k] < 0) ++pos;
    }
  }
}

template <typename Dtype>
void MutSSkipAliasDecodeLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSSkipAliasDecodeLayer);
REGISTER_LAYER_CLASS(MutSSkipAliasDecode);

}  // namespace caffe
