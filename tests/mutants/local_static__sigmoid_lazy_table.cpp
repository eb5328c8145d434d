// From caffe_src's SigmoidLayer (y = 1 / (1 + exp(-x))), walked per sample.
// Edit: the sigmoid is read from a lookup table that a helper builds lazily on its first call,
// in function-local statics (`static Dtype table[]`, `static bool ready`). The first calls from
// several threads would all see ready == false and fill the table while others read it; the
// flag and the table are one shared state, not per sample.
#include <algorithm>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutTableSigmoidLayer : public Layer<Dtype> {
 public:
  explicit MutTableSigmoidLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutTableSigmoid"; }
  virtual inline int ExactNumBottomBlobs() const { return 1; }
  virtual inline int ExactNumTopBlobs() const { return 1; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Dtype table_sigmoid(const Dtype x);

  int num_;
  int dim_;
};

// The sigmoid on [-8, 8) in 1024 steps, built on first use.
template <typename Dtype>
Dtype MutTableSigmoidLayer<Dtype>::table_sigmoid(const Dtype x) {
  static Dtype table[1024];
  static bool ready = false;
  if (!ready) {
    for (int i = 0; i < 1024; ++i) {
      table[i] = Dtype(1) / (Dtype(1) + std::exp(-(Dtype(-8) + Dtype(16) * i / 1024)));
    }
    ready = true;
  }
  const int i = static_cast<int>((x + Dtype(8)) * Dtype(64));
  return table[std::min(std::max(i, 0), 1023)];
}

template <typename Dtype>
void MutTableSigmoidLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                              const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=local-static reason=global-state
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + n * dim_;
    Dtype* out = top_data + n * dim_;
    for (int k = 0; k < dim_; ++k) {
      out[k] = this->table_sigmoid(in[k]);
    }
  }
}

INSTANTIATE_CLASS(MutTableSigmoidLayer);
REGISTER_LAYER_CLASS(MutTableSigmoid);

}  // namespace caffe
