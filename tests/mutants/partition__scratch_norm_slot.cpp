// Edit of a normalization layer that keeps squares at `buf_[n * dim + k]` and the
// sample's norm at `buf_[n]` in one member Blob: sample 0's squares overwrite the others' norms.
// (red team, 2026-12-06, eighth round: came back parallel before)
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutXScratchSlotLayer : public Layer<Dtype> {
 public:
  explicit MutXScratchSlotLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    buf_.ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutXScratchSlot"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
  Blob<Dtype> buf_;
};

template <typename Dtype>
void MutXScratchSlotLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int num = bottom[0]->num();
  const int dim = bottom[0]->count(1);
  Dtype* b = buf_.mutable_cpu_data();
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num; ++n) {
    Dtype s = 0;
    for (int k = 0; k < dim; ++k) {
      b[n * dim + k] = bottom_data[n * dim + k] * bottom_data[n * dim + k];
      s += b[n * dim + k];
    }
    b[n] = s + Dtype(1);
    for (int k = 0; k < dim; ++k) {
      top_data[n * dim + k] = bottom_data[n * dim + k] / b[n];
    }
  }
}

INSTANTIATE_CLASS(MutXScratchSlotLayer);
REGISTER_LAYER_CLASS(MutXScratchSlot);

}  // namespace caffe
