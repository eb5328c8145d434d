// Unsafe (issue 25's own containers): the gate vector is declared before the loop, so every sample writes the same elements: shared, not the sample's own.
#include <algorithm>
#include <map>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSharedGateLayer : public Layer<Dtype> {
 public:
  explicit MutSharedGateLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSharedGate"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutSharedGateLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  std::vector<Dtype> gate(dim_);
  // CGP-MUTANT: unsafe class=shared-container reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    for (int d = 0; d < dim_; ++d) {
      gate[d] = bottom_data[n * dim_ + d] * Dtype(0.5);
    }
    for (int d = 0; d < dim_; ++d) {
      top_data[n * dim_ + d] = gate[d] + gate[dim_ - 1 - d];
    }
  }
}

INSTANTIATE_CLASS(MutSharedGateLayer);
REGISTER_LAYER_CLASS(MutSharedGate);

}  // namespace caffe
