// Control, the legal twin of virtual_override__peak_member_scalar: from caffe_src's
// NeuronLayer family, a base layer whose batch loop calls a virtual per-sample transform, and
// a subclass in this file that overrides it. Both the base method and the override write only
// the sample's own slice of top (and read only its slice of bottom): whichever runs, the
// samples stay independent.
#include <algorithm>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSliceMapLayer : public Layer<Dtype> {
 public:
  explicit MutSliceMapLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSliceMap"; }
  virtual inline int ExactNumBottomBlobs() const { return 1; }
  virtual inline int ExactNumTopBlobs() const { return 1; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  // One sample: out[k] = f(in[k]), k < count. The base applies the sigmoid.
  virtual void transform_sample(const Dtype* in, Dtype* out, const int count) {
    for (int k = 0; k < count; ++k) {
      out[k] = Dtype(1) / (Dtype(1) + std::exp(-in[k]));
    }
  }

  int num_;
  int dim_;
};

template <typename Dtype>
void MutSliceMapLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                          const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    this->transform_sample(bottom_data + n * dim_, top_data + n * dim_, dim_);
  }
}

// A leaky ReLU on the same loop.
template <typename Dtype>
class MutLeakySliceMapLayer : public MutSliceMapLayer<Dtype> {
 public:
  explicit MutLeakySliceMapLayer(const LayerParameter& param) : MutSliceMapLayer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    negative_slope_ = this->layer_param_.relu_param().negative_slope();
  }
  virtual inline const char* type() const { return "MutLeakySliceMap"; }

 protected:
  virtual void transform_sample(const Dtype* in, Dtype* out, const int count) {
    for (int k = 0; k < count; ++k) {
      out[k] = std::max(in[k], Dtype(0)) + negative_slope_ * std::min(in[k], Dtype(0));
    }
  }

  Dtype negative_slope_;
};

INSTANTIATE_CLASS(MutSliceMapLayer);
REGISTER_LAYER_CLASS(MutSliceMap);
INSTANTIATE_CLASS(MutLeakySliceMapLayer);
REGISTER_LAYER_CLASS(MutLeakySliceMap);

}  // namespace caffe
