// From SoftmaxWithLossLayer (caffe_src/src/caffe/layers/softmax_loss_layer.cpp), which owns an
// inner layer (softmax_layer_, made by LayerRegistry) and runs it once on the whole batch.
// Edit: a wrapper that runs its inner layer one sample at a time (so that the inner layer
// only ever sees batches of one, e.g. for a layer whose statistics must be per sample):
// each iteration copies sample n into the one-sample blob sample_in_, calls
// inner_layer_->Forward on the member vectors, and copies sample_out_ back. Forward is a
// virtual call into another layer object whose body the analysis does not see; it also
// works on member blobs that every iteration shares.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutBPerSampleWrapperLayer : public Layer<Dtype> {
 public:
  explicit MutBPerSampleWrapperLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom,
                          const vector<Blob<Dtype>*>& top) {
    LayerParameter inner_param(this->layer_param_);
    inner_param.set_type("Softmax");
    inner_layer_ = LayerRegistry<Dtype>::CreateLayer(inner_param);
    vector<int> one_sample = bottom[0]->shape();
    one_sample[0] = 1;
    sample_in_.Reshape(one_sample);
    sample_bottom_vec_.clear();
    sample_bottom_vec_.push_back(&sample_in_);
    sample_top_vec_.clear();
    sample_top_vec_.push_back(&sample_out_);
    inner_layer_->SetUp(sample_bottom_vec_, sample_top_vec_);
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    vector<int> one_sample = bottom[0]->shape();
    one_sample[0] = 1;
    sample_in_.Reshape(one_sample);
    inner_layer_->Reshape(sample_bottom_vec_, sample_top_vec_);
    vector<int> top_shape = sample_out_.shape();
    top_shape[0] = num_;
    top[0]->Reshape(top_shape);
  }
  virtual inline const char* type() const { return "MutBPerSampleWrapper"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  shared_ptr<Layer<Dtype> > inner_layer_;
  Blob<Dtype> sample_in_;
  Blob<Dtype> sample_out_;
  vector<Blob<Dtype>*> sample_bottom_vec_;
  vector<Blob<Dtype>*> sample_top_vec_;
  int num_;
};

template <typename Dtype>
void MutBPerSampleWrapperLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                   const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int in_dim = sample_in_.count();
  const int out_dim = sample_out_.count();
  // CGP-MUTANT: unsafe class=unknown-call reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    caffe_copy(in_dim, bottom_data + n * in_dim, sample_in_.mutable_cpu_data());
    inner_layer_->Forward(sample_bottom_vec_, sample_top_vec_);
    caffe_copy(out_dim, sample_out_.cpu_data(), top_data + n * out_dim);
  }
}

INSTANTIATE_CLASS(MutBPerSampleWrapperLayer);
REGISTER_LAYER_CLASS(MutBPerSampleWrapper);

}  // namespace caffe
