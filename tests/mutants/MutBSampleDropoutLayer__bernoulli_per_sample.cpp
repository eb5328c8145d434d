// From DropoutLayer (caffe_src/src/caffe/layers/dropout_layer.cpp), which draws the whole
// keep mask with one caffe_rng_bernoulli call before its elementwise loop. Edit: the mask is
// drawn sample by sample inside the batch loop, so that each sample's mask is drawn and
// applied in one pass over its data. The draws come from Caffe's single global random
// stream: which numbers sample n gets depends on how many were drawn before it, so running
// samples in parallel changes (and races on) the stream.
#include <climits>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/layers/neuron_layer.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutBSampleDropoutLayer : public NeuronLayer<Dtype> {
 public:
  explicit MutBSampleDropoutLayer(const LayerParameter& param) : NeuronLayer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom,
                          const vector<Blob<Dtype>*>& top) {
    NeuronLayer<Dtype>::LayerSetUp(bottom, top);
    threshold_ = this->layer_param_.dropout_param().dropout_ratio();
    CHECK(threshold_ > 0.);
    CHECK(threshold_ < 1.);
    scale_ = 1. / (1. - threshold_);
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    NeuronLayer<Dtype>::Reshape(bottom, top);
    rand_vec_.Reshape(bottom[0]->shape());
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
  }
  virtual inline const char* type() const { return "MutBSampleDropout"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Blob<unsigned int> rand_vec_;
  Dtype threshold_;
  Dtype scale_;
  int num_;
  int dim_;
};

template <typename Dtype>
void MutBSampleDropoutLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  if (this->phase_ != TRAIN) {
    caffe_copy(bottom[0]->count(), bottom_data, top_data);
    return;
  }
  unsigned int* mask = rand_vec_.mutable_cpu_data();
  // CGP-MUTANT: unsafe class=rng reason=rng
  for (int n = 0; n < num_; ++n) {
    unsigned int* sample_mask = mask + n * dim_;
    caffe_rng_bernoulli(dim_, 1. - threshold_, sample_mask);
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = bottom_data[n * dim_ + k] * sample_mask[k] * scale_;
    }
  }
}

INSTANTIATE_CLASS(MutBSampleDropoutLayer);
REGISTER_LAYER_CLASS(MutBSampleDropout);

}  // namespace caffe
