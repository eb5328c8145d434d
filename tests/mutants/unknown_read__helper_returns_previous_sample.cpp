// Edit of ReLULayer as a smoothing over samples: a helper returns the previous sample's
// output row, which the loop reads while that sample writes it. (red team, 2026-12-05: came back parallel before)
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutUPreviousRowLayer : public Layer<Dtype> {
 public:
  explicit MutUPreviousRowLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutUPreviousRow"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  const Dtype* Row(const Dtype* base, int n) const { return base + n * dim_; }
  int num_;
  int dim_;
};

template <typename Dtype>
void MutUPreviousRowLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                              const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=unknown-read reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int i = 0; i < dim_; ++i) {
      const Dtype prev = n > 0 ? this->Row(top_data, n - 1)[i] : Dtype(0);
      top_data[n * dim_ + i] = std::max(bottom_data[n * dim_ + i], Dtype(0)) + prev;
    }
  }
}

INSTANTIATE_CLASS(MutUPreviousRowLayer);
REGISTER_LAYER_CLASS(MutUPreviousRow);

}  // namespace caffe
