// From EltwiseLayer's SUM (caffe_src/src/caffe/layers/eltwise_layer.cpp), scaled copy of the
// input. Control: as PoolingLayer's cases, another case of the switch steps the source and
// ends in `break`; it never runs on the way into the loop's case, which stays parallel.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class CtlPlainSteppedInOtherCaseLayer : public Layer<Dtype> {
 public:
  explicit CtlPlainSteppedInOtherCaseLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    shift_ = true;
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "CtlPlainSteppedInOtherCase"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  void PickShiftSource(const Dtype*& source, const Dtype* ahead) {
    if (shift_) {
      source = ahead;
    }
  }
  bool shift_;
  int num_;
  int dim_;
};

template <typename Dtype>
void CtlPlainSteppedInOtherCaseLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* source = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  switch (shift_ ? 1 : 0) {
  case 1:
    for (int n = 0; n < num_; ++n) {
      for (int k = 0; k < dim_; ++k) {
        top_data[k] = source[k];
      }
      source += dim_;
      top_data += dim_;
    }
    break;
  case 0:
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = Dtype(2) * source[n * dim_ + k];
    }
  }
    break;
  default:
    break;
  }
}

INSTANTIATE_CLASS(CtlPlainSteppedInOtherCaseLayer);
REGISTER_LAYER_CLASS(CtlPlainSteppedInOtherCase);

}  // namespace caffe
