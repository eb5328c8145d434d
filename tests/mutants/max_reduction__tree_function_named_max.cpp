// From SigmoidLayer::Forward_cpu (caffe_src/src/caffe/layers/sigmoid_layer.cpp).
// Edit (tenth red team): the batch's soft maximum of the first inputs, through the tree's
// own smooth::max (a log-sum-exp): m = smooth::max(m, x). Only std::max is an exact
// maximum that parts can combine; the analysis took any function named max for it.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

namespace smooth {
template <typename Dtype>
Dtype max(Dtype a, Dtype b) {
  return std::log(std::exp(a) + std::exp(b));
}
}  // namespace smooth

template <typename Dtype>
class MutSSoftMaxNameLayer : public Layer<Dtype> {
 public:
  explicit MutSSoftMaxNameLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSSoftMaxName"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
};

template <typename Dtype>
void MutSSoftMaxNameLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype m = Dtype(-10);
  // CGP-MUTANT: unsafe class=max-reduction reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    m = smooth::max(m, bottom_data[n * dim_]);
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = Dtype(1) / (Dtype(1) + std::exp(-bottom_data[n * dim_ + k]));
    }
  }
  top_data[0] += m;
}

template <typename Dtype>
void MutSSoftMaxNameLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSSoftMaxNameLayer);
REGISTER_LAYER_CLASS(MutSSoftMaxName);

}  // namespace caffe
