// Edit of ReLULayer: each sample adds the previous sample's first output, read with
// `top[0]->data_at(n - 1, 0, 0, 0)` (a read of top's data, not a shape query). (red team, 2026-12-05: came back parallel before)
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutBDataAtPreviousLayer : public Layer<Dtype> {
 public:
  explicit MutBDataAtPreviousLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutBDataAtPrevious"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutBDataAtPreviousLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                 const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=blob-element reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int i = 0; i < dim_; ++i) {
      const Dtype prev = n > 0 ? top[0]->data_at(n - 1, 0, 0, 0) : Dtype(0);
      top_data[n * dim_ + i] = std::max(bottom_data[n * dim_ + i], Dtype(0)) + prev;
    }
  }
}

INSTANTIATE_CLASS(MutBDataAtPreviousLayer);
REGISTER_LAYER_CLASS(MutBDataAtPrevious);

}  // namespace caffe
