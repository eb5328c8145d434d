// From caffe_src's PowerLayer (y = (shift + scale * x)^power), with the scale given per sample
// by a second bottom and the samples walked with advancing pointers.
// Edit: a sample whose scale is zero jumps with `goto` to a label at the end of the body,
// past the pointer advances (its top is left at the pre-filled shift^power). The pointers
// then advance only for samples with a nonzero scale: no closed form in n.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSampleScalePowerLayer : public Layer<Dtype> {
 public:
  explicit MutSampleScalePowerLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    power_ = this->layer_param_.power_param().power();
    shift_ = this->layer_param_.power_param().shift();
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    CHECK_EQ(bottom[0]->shape(0), bottom[1]->count()) << "one scale per sample";
    num_ = bottom[0]->shape(0);
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSampleScalePower"; }
  virtual inline int ExactNumBottomBlobs() const { return 2; }
  virtual inline int ExactNumTopBlobs() const { return 1; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  Dtype power_, shift_;
  int num_;
  int dim_;
};

template <typename Dtype>
void MutSampleScalePowerLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                  const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* scale = bottom[1]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // With a zero scale the output is the constant shift^power.
  caffe_set(top[0]->count(), Dtype(std::pow(shift_, power_)), top_data);
  // The goto stays inside the body, but the analysis follows no goto: every goto in a
  // batch loop is rejected as leaving its structured paths (early exit).
  // CGP-MUTANT: unsafe class=skipped-increment reason=early-exit
  for (int n = 0; n < num_; ++n) {
    if (scale[n] == Dtype(0)) goto next_sample;
    for (int k = 0; k < dim_; ++k) {
      top_data[k] = std::pow(shift_ + scale[n] * bottom_data[k], power_);
    }
    bottom_data += dim_;
    top_data += dim_;
  next_sample:
    ;
  }
}

INSTANTIATE_CLASS(MutSampleScalePowerLayer);
REGISTER_LAYER_CLASS(MutSampleScalePower);

}  // namespace caffe
