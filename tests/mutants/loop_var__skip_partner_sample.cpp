// From EltwiseLayer's PROD (caffe_src/src/caffe/layers/eltwise_layer.cpp), over sample pairs.
// Edit: the data layer repeats a sample when it pads a batch and flags the original with a
// marker in its first value; the layer squares the sample and then steps the loop variable
// past the repeat that follows, which is left at zero. Whether sample n+1 is processed
// depends on sample n's data.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRSkipRepeatLayer : public Layer<Dtype> {
 public:
  explicit MutRSkipRepeatLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutRSkipRepeat"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, dim_;
};

template <typename Dtype>
void MutRSkipRepeatLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                            const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), top_data);
  // CGP-MUTANT: unsafe class=loop-variable reason=unprovable-induction
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + n * dim_;
    caffe_mul(dim_, in, in, top_data + n * dim_);
    if (in[0] == Dtype(-2)) {
      ++n;  // the repeat that follows is padding
    }
  }
}

INSTANTIATE_CLASS(MutRSkipRepeatLayer);
REGISTER_LAYER_CLASS(MutRSkipRepeat);

}  // namespace caffe
