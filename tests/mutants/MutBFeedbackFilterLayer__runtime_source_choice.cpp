// From EltwiseLayer's SUM with coefficients (caffe_src/src/caffe/layers/eltwise_layer.cpp).
// Edit: a first-order temporal filter over frames laid out along the batch axis,
// top[n] = a * bottom[n] + b * src[n - 1], where src is chosen at run time: the layer's
// input (a FIR filter) or, when the layer is configured as recursive, its own output (an
// IIR filter). The loop reads the previous sample through a pointer that may be top[0]
// itself, which the same loop writes: in the recursive configuration sample n needs
// sample n - 1's finished output.
// CGP-MUTANT-PARAM: eltwise_param { operation: PROD coeff: 0.5 coeff: 0.25 }
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutBFeedbackFilterLayer : public Layer<Dtype> {
 public:
  explicit MutBFeedbackFilterLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom,
                          const vector<Blob<Dtype>*>& top) {
    const EltwiseParameter& p = this->layer_param_.eltwise_param();
    CHECK_EQ(p.coeff_size(), 2) << "MutBFeedbackFilter takes the taps a and b as coeff.";
    a_ = p.coeff(0);
    b_ = p.coeff(1);
    // PROD selects the recursive form (feed the output back).
    recursive_ = p.operation() == EltwiseParameter_EltwiseOp_PROD;
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutBFeedbackFilter"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Dtype a_;
  Dtype b_;
  bool recursive_;
  int num_;
  int dim_;
};

template <typename Dtype>
void MutBFeedbackFilterLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                 const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const Dtype* src = recursive_ ? top_data : bottom_data;
  // CGP-MUTANT: unsafe class=aliasing reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      const Dtype prev = (n > 0) ? src[(n - 1) * dim_ + k] : Dtype(0);
      top_data[n * dim_ + k] = a_ * bottom_data[n * dim_ + k] + b_ * prev;
    }
  }
}

INSTANTIATE_CLASS(MutBFeedbackFilterLayer);
REGISTER_LAYER_CLASS(MutBFeedbackFilter);

}  // namespace caffe
