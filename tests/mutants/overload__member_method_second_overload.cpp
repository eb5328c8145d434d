// From PowerLayer (caffe_src/src/caffe/layers/power_layer.cpp): y = (shift + scale * x)^power.
// Edit: the author adds two overloads of a member helper `Apply`: Apply(x) is the plain
// power; Apply(x, clip) also clips and counts the clipped values in a member, for a report
// in Backward. The loop calls the two-argument overload; every sample updates the same
// member counter.
#include <algorithm>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSPowerClipOverloadLayer : public Layer<Dtype> {
 public:
  explicit MutSPowerClipOverloadLayer(const LayerParameter& param)
      : Layer<Dtype>(param), clipped_(0) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    power_ = this->layer_param_.power_param().power();
    scale_ = this->layer_param_.power_param().scale();
    shift_ = this->layer_param_.power_param().shift();
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSPowerClipOverload"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Dtype Apply(Dtype x) { return std::pow(shift_ + scale_ * x, power_); }
  Dtype Apply(Dtype x, Dtype clip) {
    const Dtype y = std::pow(shift_ + scale_ * x, power_);
    if (y > clip) {
      ++clipped_;
      return clip;
    }
    return y;
  }
  Dtype power_, scale_, shift_;
  int clipped_;
  int num_, dim_;
};

template <typename Dtype>
void MutSPowerClipOverloadLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=member-write reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = this->Apply(bottom_data[n * dim_ + k], Dtype(1e4));
    }
  }
}

INSTANTIATE_CLASS(MutSPowerClipOverloadLayer);
REGISTER_LAYER_CLASS(MutSPowerClipOverload);

}  // namespace caffe
