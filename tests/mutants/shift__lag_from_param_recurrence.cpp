// From EltwiseLayer's SUM (caffe_src/src/caffe/layers/eltwise_layer.cpp), as a comb filter.
// Edit: a feedback comb filter over time-major samples: y[n] = x[n] + g * y[n - lag], with the
// lag a layer setting. The output of sample n reads the output of sample n - lag_, which an
// earlier iteration wrote.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRCombFilterLayer : public Layer<Dtype> {
 public:
  explicit MutRCombFilterLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    lag_ = this->layer_param_.concat_param().axis();
    gain_ = this->layer_param_.power_param().scale();
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutRCombFilter"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int lag_;
  Dtype gain_;
  int num_, dim_;
};

template <typename Dtype>
void MutRCombFilterLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                             const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=recurrence reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      Dtype y = bottom_data[n * dim_ + k];
      if (n >= lag_) {
        y += gain_ * top_data[(n - lag_) * dim_ + k];
      }
      top_data[n * dim_ + k] = y;
    }
  }
}

INSTANTIATE_CLASS(MutRCombFilterLayer);
REGISTER_LAYER_CLASS(MutRCombFilter);

}  // namespace caffe
