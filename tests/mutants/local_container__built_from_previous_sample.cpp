// Unsafe: a vector declared per sample but built from the previous sample's output, which another iteration writes.
#include <algorithm>
#include <map>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutPrevCopyLayer : public Layer<Dtype> {
 public:
  explicit MutPrevCopyLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutPrevCopy"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutPrevCopyLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const int p = n > 0 ? n - 1 : 0;
    std::vector<Dtype> prev(top_data + p * dim_, top_data + (p + 1) * dim_);
    for (int d = 0; d < dim_; ++d) {
      top_data[n * dim_ + d] = bottom_data[n * dim_ + d] + prev[d];
    }
  }
}

INSTANTIATE_CLASS(MutPrevCopyLayer);
REGISTER_LAYER_CLASS(MutPrevCopy);

}  // namespace caffe
