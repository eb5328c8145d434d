// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp).
// Edit: non-finite inputs are replaced by 0 through a helper declared here and defined in
// another source file (other_file__stats_helper.cpp), which counts the replacements in a
// function-local static. Every call updates the same static.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
Dtype mutr_finite_or_zero(Dtype x);

template <typename Dtype>
class MutRFiniteReluLayer : public Layer<Dtype> {
 public:
  explicit MutRFiniteReluLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutRFiniteRelu"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, dim_;
};

template <typename Dtype>
void MutRFiniteReluLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                             const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=local-static reason=global-state
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      const Dtype x = mutr_finite_or_zero(bottom_data[n * dim_ + k]);
      top_data[n * dim_ + k] = std::max(x, Dtype(0));
    }
  }
}

INSTANTIATE_CLASS(MutRFiniteReluLayer);
REGISTER_LAYER_CLASS(MutRFiniteRelu);

}  // namespace caffe
