// Edit of ReLULayer that leaks into the next sample: the output pointer is placed with
// `top[0]->offset(n)` and stepped on by `top[0]->offset(1)`, one sample, then half the input
// is added there. (red team, 2026-12-05: `offset(1)` was taken for an offset inside sample n)
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutXOffsetStepLayer : public Layer<Dtype> {
 public:
  explicit MutXOffsetStepLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutXOffsetStep"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutXOffsetStepLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                             const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + bottom[0]->offset(n);
    Dtype* out = top_data + top[0]->offset(n);
    for (int i = 0; i < dim_; ++i) {
      out[i] = std::max(in[i], Dtype(0));
    }
    out += top[0]->offset(1);
    if (n + 1 < num_) {
      for (int i = 0; i < dim_; ++i) {
        out[i] += Dtype(0.5) * in[i];
      }
    }
  }
}

INSTANTIATE_CLASS(MutXOffsetStepLayer);
REGISTER_LAYER_CLASS(MutXOffsetStep);

}  // namespace caffe
