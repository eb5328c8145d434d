// From SigmoidLayer::Forward_cpu (caffe_src/src/caffe/layers/sigmoid_layer.cpp).
// Edit (fifteenth red team): a count of positive inputs kept in an integer declared through a
// typedef (OpenCL Caffe's `int_tp`), `valid += bottom_data[...]` of fractions: truncated at
// every step, so parts' partial sums added afterwards are not the loop's. Integers were told
// by spelling: `int_tp` was taken for a floating type and the sum for a reduction.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

typedef int int_tp;

template <typename Dtype>
class MutSIntTpSumLayer : public Layer<Dtype> {
 public:
  explicit MutSIntTpSumLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSIntTpSum"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
  Blob<Dtype> scratch_;
};

template <typename Dtype>
void MutSIntTpSumLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  int_tp valid = 0;
  // CGP-MUTANT: unsafe class=recurrence reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = Dtype(1) / (Dtype(1) + std::exp(-bottom_data[n * dim_ + k]));
    }
    valid += bottom_data[n * dim_];
  }
  top_data[0] += valid;
}

template <typename Dtype>
void MutSIntTpSumLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSIntTpSumLayer);
REGISTER_LAYER_CLASS(MutSIntTpSum);

}  // namespace caffe
