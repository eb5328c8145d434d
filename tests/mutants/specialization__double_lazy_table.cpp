// From SigmoidLayer (caffe_src/src/caffe/layers/sigmoid_layer.cpp), with a fast path.
// Edit: the sigmoid goes through a helper template; the author adds an explicit
// specialization for double that uses a lookup table built lazily, on first use, in a
// function-local static. Every call of the double instantiation may (re)fill the same table.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
Dtype mutr_fast_sigmoid(Dtype x) {
  return Dtype(1) / (Dtype(1) + std::exp(-x));
}

template <>
double mutr_fast_sigmoid<double>(double x) {
  static std::vector<double> table;
  static bool built = false;
  if (!built) {
    table.resize(2049);
    for (int i = 0; i <= 2048; ++i) table[i] = 1.0 / (1.0 + std::exp(-(i - 1024) / 128.0));
    built = true;
  }
  if (x <= -8.0) return table[0];
  if (x >= 8.0) return table[2048];
  return table[static_cast<int>((x + 8.0) * 128.0)];
}

template <typename Dtype>
class MutRFastSigmoidLayer : public Layer<Dtype> {
 public:
  explicit MutRFastSigmoidLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutRFastSigmoid"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, dim_;
};

template <typename Dtype>
void MutRFastSigmoidLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                              const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=local-static reason=global-state
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = mutr_fast_sigmoid(bottom_data[n * dim_ + k]);
    }
  }
}

INSTANTIATE_CLASS(MutRFastSigmoidLayer);
REGISTER_LAYER_CLASS(MutRFastSigmoid);

}  // namespace caffe
