// From EltwiseLayer (caffe_src/src/caffe/layers/eltwise_layer.cpp), operation SUM with
// coefficients: top = sum_i coeff_i * bottom_i. Edit: a 2-tap temporal filter over frames
// laid out along the batch axis, written in scatter form: sample n adds coeff_[0] times
// itself to output n and coeff_[1] times itself to output n + 1. Iterations n and n + 1 both
// accumulate into sample n + 1 of top, so running samples in parallel races on that slice.
// CGP-MUTANT-PARAM: eltwise_param { coeff: 0.5 coeff: 0.25 }
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutBTemporalSpreadLayer : public Layer<Dtype> {
 public:
  explicit MutBTemporalSpreadLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom,
                          const vector<Blob<Dtype>*>& top) {
    const EltwiseParameter& p = this->layer_param_.eltwise_param();
    CHECK_EQ(p.coeff_size(), 2) << "MutBTemporalSpread takes two filter taps.";
    coeff_.clear();
    coeff_.push_back(p.coeff(0));
    coeff_.push_back(p.coeff(1));
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->shape(0);
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutBTemporalSpread"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  vector<Dtype> coeff_;
  int num_;
  int dim_;
};

template <typename Dtype>
void MutBTemporalSpreadLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                 const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const Dtype w0 = coeff_[0];
  const Dtype w1 = coeff_[1];
  caffe_set(top[0]->count(), Dtype(0), top_data);
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] += w0 * bottom_data[n * dim_ + k];
      if (n + 1 < num_) {
        top_data[(n + 1) * dim_ + k] += w1 * bottom_data[n * dim_ + k];
      }
    }
  }
}

INSTANTIATE_CLASS(MutBTemporalSpreadLayer);
REGISTER_LAYER_CLASS(MutBTemporalSpread);

}  // namespace caffe
