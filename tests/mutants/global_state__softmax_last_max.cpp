// From caffe_src's SoftmaxLayer (inner_num_ == 1: one softmax over the channels per sample).
// Edit: the row maximum (subtracted for stability) is kept in a file-scope variable instead of
// a local, and after the loop the layer reports it (the last sample's maximum) as a
// saturation probe in the optional second top. The value read after the loop is the one the
// last sample wrote: run in parallel, it is whichever thread wrote last (and the writes race).
#include <algorithm>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

static double softmax_row_max = 0;

template <typename Dtype>
class MutMaxProbeSoftmaxLayer : public Layer<Dtype> {
 public:
  explicit MutMaxProbeSoftmaxLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    softmax_axis_ = bottom[0]->CanonicalAxisIndex(this->layer_param_.softmax_param().axis());
    outer_num_ = bottom[0]->count(0, softmax_axis_);
    channels_ = bottom[0]->count(softmax_axis_);
    top[0]->ReshapeLike(*bottom[0]);
    if (top.size() > 1) {
      vector<int> probe_shape(0);  // a scalar
      top[1]->Reshape(probe_shape);
    }
  }
  virtual inline const char* type() const { return "MutMaxProbeSoftmax"; }
  virtual inline int ExactNumBottomBlobs() const { return 1; }
  virtual inline int MinTopBlobs() const { return 1; }
  virtual inline int MaxTopBlobs() const { return 2; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int softmax_axis_, outer_num_, channels_;
};

template <typename Dtype>
void MutMaxProbeSoftmaxLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                 const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=global-state reason=global-state
  for (int i = 0; i < outer_num_; ++i) {
    const Dtype* in = bottom_data + i * channels_;
    Dtype* out = top_data + i * channels_;
    softmax_row_max = in[0];
    for (int j = 1; j < channels_; ++j) {
      softmax_row_max = std::max(softmax_row_max, static_cast<double>(in[j]));
    }
    Dtype sum = 0;
    for (int j = 0; j < channels_; ++j) {
      out[j] = std::exp(in[j] - static_cast<Dtype>(softmax_row_max));
      sum += out[j];
    }
    caffe_scal(channels_, Dtype(1) / sum, out);
  }
  if (top.size() > 1) {
    top[1]->mutable_cpu_data()[0] = static_cast<Dtype>(softmax_row_max);
  }
}

INSTANTIATE_CLASS(MutMaxProbeSoftmaxLayer);
REGISTER_LAYER_CLASS(MutMaxProbeSoftmax);

}  // namespace caffe
