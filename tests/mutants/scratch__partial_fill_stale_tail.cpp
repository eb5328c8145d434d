// From SoftmaxLayer (caffe_src/src/caffe/layers/softmax_layer.cpp), for padded sequences.
// Edit: a masked softmax over the valid steps of each sample: the valid steps (a length read
// from bottom[1]) are exponentiated into a member scratch Blob, and the whole scratch row is
// then normalized into top. The author fills only the first `len` entries of the scratch; the
// rest keep the values of the sample processed before, which the normalization reads.
#include <algorithm>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRMaskedSoftmaxLayer : public Layer<Dtype> {
 public:
  explicit MutRMaskedSoftmaxLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    scratch_.Reshape(vector<int>(1, dim_));
  }
  virtual inline const char* type() const { return "MutRMaskedSoftmax"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Blob<Dtype> scratch_;
  int num_, dim_;
};

template <typename Dtype>
void MutRMaskedSoftmaxLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* lengths = bottom[1]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* e = scratch_.mutable_cpu_data();
  caffe_set(dim_, Dtype(0), e);
  // CGP-MUTANT: unsafe class=scratch-read-after reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const int len = std::min(static_cast<int>(lengths[n]), dim_);
    const Dtype* in = bottom_data + n * dim_;
    for (int k = 0; k < len; ++k) {
      e[k] = std::exp(in[k]);
    }
    const Dtype z = caffe_cpu_asum(dim_, e);
    caffe_cpu_scale(dim_, Dtype(1) / z, e, top_data + n * dim_);
  }
}

INSTANTIATE_CLASS(MutRMaskedSoftmaxLayer);
REGISTER_LAYER_CLASS(MutRMaskedSoftmax);

}  // namespace caffe
