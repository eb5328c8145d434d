// From SoftmaxLayer (caffe_src/src/caffe/layers/softmax_layer.cpp).
// Edit: a local Blob declared before the loop holds each sample's exponentials; after the
// loop, an optional second top receives the entropy of what is left in it, i.e. of the last
// sample.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRLocalBlobAfterLayer : public Layer<Dtype> {
 public:
  explicit MutRLocalBlobAfterLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    if (top.size() > 1) top[1]->Reshape(vector<int>(0));
  }
  virtual inline const char* type() const { return "MutRLocalBlobAfter"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, dim_;
};

template <typename Dtype>
void MutRLocalBlobAfterLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Blob<Dtype> expd(vector<int>(1, dim_));
  Dtype* e = expd.mutable_cpu_data();
  // CGP-MUTANT: unsafe class=scratch-read-after reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) e[k] = std::exp(bottom_data[n * dim_ + k]);
    caffe_cpu_scale(dim_, Dtype(1) / caffe_cpu_asum(dim_, e), e, top_data + n * dim_);
  }
  if (top.size() > 1) {
    const Dtype* last = expd.cpu_data();
    const Dtype z = caffe_cpu_asum(dim_, last);
    Dtype h = 0;
    for (int k = 0; k < dim_; ++k) h -= last[k] / z * std::log(last[k] / z);
    top[1]->mutable_cpu_data()[0] = h;
  }
}

INSTANTIATE_CLASS(MutRLocalBlobAfterLayer);
REGISTER_LAYER_CLASS(MutRLocalBlobAfter);

}  // namespace caffe
