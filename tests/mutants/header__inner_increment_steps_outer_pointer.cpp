// Edit of ReLULayer as a per-sample loop that steps its output pointer in the inner loop's
// header, `for (...; ++i, ++out)`, the pointer declared before the batch loop. (red team, 2026-12-05: came back parallel before)
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutHHeaderPointerLayer : public Layer<Dtype> {
 public:
  explicit MutHHeaderPointerLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutHHeaderPointer"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutHHeaderPointerLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* out = top_data;
  // CGP-MUTANT: unsafe class=header reason=unprovable-induction
  for (int n = 0; n < num_; ++n) {
    for (int i = 0; i < dim_; ++i, ++out) {
      *out = std::max(bottom_data[n * dim_ + i], Dtype(0));
    }
  }
}

INSTANTIATE_CLASS(MutHHeaderPointerLayer);
REGISTER_LAYER_CLASS(MutHHeaderPointer);

}  // namespace caffe
