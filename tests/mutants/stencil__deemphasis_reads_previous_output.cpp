// From EltwiseLayer (caffe_src/src/caffe/layers/eltwise_layer.cpp), for audio frames.
// Edit: a de-emphasis filter y[i] = x[i] + a * y[i - 1] over a signal that the data layer cuts
// into frames laid out along the batch. The author runs the filter over the whole signal
// (i = n * dim_ + k, guarded only at i = 0), so each frame's first output reads the last
// output of the previous frame.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSDeemphasisLayer : public Layer<Dtype> {
 public:
  explicit MutSDeemphasisLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    coeff_ = this->layer_param_.power_param().scale();
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSDeemphasis"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Dtype coeff_;
  int num_, dim_;
};

template <typename Dtype>
void MutSDeemphasisLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                             const vector<Blob<Dtype>*>& top) {
  const Dtype* x = bottom[0]->cpu_data();
  Dtype* y = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=recurrence reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      const int i = n * dim_ + k;
      y[i] = x[i] + (i > 0 ? coeff_ * y[i - 1] : Dtype(0));
    }
  }
}

INSTANTIATE_CLASS(MutSDeemphasisLayer);
REGISTER_LAYER_CLASS(MutSDeemphasis);

}  // namespace caffe
