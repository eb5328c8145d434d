// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp), with feedback.
// Edit: the layer keeps a pointer to its output Blob (`out_blob_`, set in Reshape) so that a
// helper can reach it, and writes the outputs through it; the smoothing term reads the previous
// sample's output through top[0]. Both name the same Blob: sample n reads what sample n-1
// wrote.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRFeedbackReluLayer : public Layer<Dtype> {
 public:
  explicit MutRFeedbackReluLayer(const LayerParameter& param)
      : Layer<Dtype>(param), out_blob_(NULL) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    feedback_ = this->layer_param_.relu_param().negative_slope();
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    out_blob_ = top[0];
  }
  virtual inline const char* type() const { return "MutRFeedbackRelu"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Blob<Dtype>* out_blob_;
  Dtype feedback_;
  int num_, dim_;
};

template <typename Dtype>
void MutRFeedbackReluLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                               const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* prev_out = top[0]->cpu_data();
  // CGP-MUTANT: unsafe class=aliasing reason=aliasing
  for (int n = 0; n < num_; ++n) {
    Dtype* out = out_blob_->mutable_cpu_data() + n * dim_;
    for (int k = 0; k < dim_; ++k) {
      const Dtype fb = (n > 0) ? feedback_ * prev_out[(n - 1) * dim_ + k] : Dtype(0);
      out[k] = std::max(bottom_data[n * dim_ + k] + fb, Dtype(0));
    }
  }
}

INSTANTIATE_CLASS(MutRFeedbackReluLayer);
REGISTER_LAYER_CLASS(MutRFeedbackRelu);

}  // namespace caffe
