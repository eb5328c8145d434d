// Edit of ReLULayer as a per-sample loop: each sample's input position comes from a helper
// called inside the dereference's address, and the helper counts its calls in a member.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutDOffsetHelperLayer : public Layer<Dtype> {
 public:
  explicit MutDOffsetHelperLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutDOffsetHelper"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int Position(int n) {
    ++lookups_;
    return n * dim_;
  }
  int lookups_;
  int num_;
  int dim_;
};

template <typename Dtype>
void MutDOffsetHelperLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                               const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=deref-step reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int i = 0; i < dim_; ++i) {
      top_data[n * dim_ + i] = std::max(*(bottom_data + this->Position(n) + i), Dtype(0));
    }
  }
}

INSTANTIATE_CLASS(MutDOffsetHelperLayer);
REGISTER_LAYER_CLASS(MutDOffsetHelper);

}  // namespace caffe
