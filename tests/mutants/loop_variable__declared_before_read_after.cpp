// Edit of ReLULayer whose batch loop counts with a variable declared before it and read
// after it (`int n; for (n = 0; ...)`, then `last_ = n`): the region's own `int n` would
// leave the outer one unset. (red team, 2026-12-05, sixth round: came back parallel before)
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutLOuterNLayer : public Layer<Dtype> {
 public:
  explicit MutLOuterNLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutLOuterN"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
  int last_;
};

template <typename Dtype>
void MutLOuterNLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                         const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  int n;
  // CGP-MUTANT: unsafe class=loop-variable reason=unprovable-induction
  for (n = 0; n < num_; ++n) {
    for (int i = 0; i < dim_; ++i) {
      top_data[n * dim_ + i] = std::max(bottom_data[n * dim_ + i], Dtype(0));
    }
  }
  last_ = n;
}

INSTANTIATE_CLASS(MutLOuterNLayer);
REGISTER_LAYER_CLASS(MutLOuterN);

}  // namespace caffe
