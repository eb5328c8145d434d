// From PoolingLayer's MAX (caffe_src/src/caffe/layers/pooling_layer.cpp), along the batch.
// Edit: a frame-rate converter for time-major frames: frame n goes to output row
// floor(n * rate_), where rate_ (< 1) is a layer setting, keeping the elementwise max of the
// frames that land in the same row. With rate_ < 1 several samples share an output row and
// read-modify-write it.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRResampleLayer : public Layer<Dtype> {
 public:
  explicit MutRResampleLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    rate_ = this->layer_param_.power_param().scale();
    CHECK_GT(rate_, 0);
    CHECK_LE(rate_, 1);
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    vector<int> shape = bottom[0]->shape();
    shape[0] = static_cast<int>(std::floor((num_ - 1) * rate_)) + 1;
    top[0]->Reshape(shape);
  }
  virtual inline const char* type() const { return "MutRResample"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Dtype rate_;
  int num_, dim_;
};

template <typename Dtype>
void MutRResampleLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                           const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(-FLT_MAX), top_data);
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const int row = static_cast<int>(std::floor(n * rate_));
    for (int k = 0; k < dim_; ++k) {
      top_data[row * dim_ + k] = std::max(top_data[row * dim_ + k], bottom_data[n * dim_ + k]);
    }
  }
}

INSTANTIATE_CLASS(MutRResampleLayer);
REGISTER_LAYER_CLASS(MutRResample);

}  // namespace caffe
