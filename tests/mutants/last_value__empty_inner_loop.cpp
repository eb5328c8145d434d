// From PoolingLayer (caffe_src/src/caffe/layers/pooling_layer.cpp), as last-step pooling.
// Edit: a "last valid step" pooling for padded sequences: bottom[1] holds each sample's valid
// length, and the layer outputs, per feature, the value at the sample's last valid step. The
// author keeps the running value in `last`, declared before the batch loop, and assigns it in
// the loop over the valid steps; a sample of length 0 outputs whatever the previous sample
// left in `last`.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRLastStepLayer : public Layer<Dtype> {
 public:
  explicit MutRLastStepLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    steps_ = bottom[0]->channels();
    vector<int> shape(1, num_);
    top[0]->Reshape(shape);
  }
  virtual inline const char* type() const { return "MutRLastStep"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, steps_;
};

template <typename Dtype>
void MutRLastStepLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                           const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* lengths = bottom[1]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype last = 0;
  // CGP-MUTANT: unsafe class=recurrence reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const int len = static_cast<int>(lengths[n]);
    for (int t = 0; t < len; ++t) {
      last = bottom_data[n * steps_ + t];
    }
    top_data[n] = last;
  }
}

INSTANTIATE_CLASS(MutRLastStepLayer);
REGISTER_LAYER_CLASS(MutRLastStep);

}  // namespace caffe
