// From PoolingLayer's AVE (caffe_src/src/caffe/layers/pooling_layer.cpp), along the batch.
// Edit: a temporal average pooling of time-major frames by 2: output row n/2 is the mean of
// frames n and n+1. The author computes the output row as static_cast<int>(n * 0.5) and adds
// half of each frame into it: two samples accumulate into the same output row.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRHalfRateLayer : public Layer<Dtype> {
 public:
  explicit MutRHalfRateLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    vector<int> shape = bottom[0]->shape();
    shape[0] = (num_ + 1) / 2;
    top[0]->Reshape(shape);
  }
  virtual inline const char* type() const { return "MutRHalfRate"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, dim_;
};

template <typename Dtype>
void MutRHalfRateLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                           const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), top_data);
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    Dtype* out = top_data + static_cast<int>(n * 0.5) * dim_;
    caffe_axpy(dim_, Dtype(0.5), bottom_data + n * dim_, out);
  }
}

INSTANTIATE_CLASS(MutRHalfRateLayer);
REGISTER_LAYER_CLASS(MutRHalfRate);

}  // namespace caffe
