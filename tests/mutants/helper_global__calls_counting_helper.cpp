// Unsafe (issue 25's whole tree): the batch loop calls a helper defined in another source
// file, which writes a global counter: followed into that file, it is shared state.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
Dtype mut_scaled(const Dtype x);

template <typename Dtype>
class MutScaledLayer : public Layer<Dtype> {
 public:
  explicit MutScaledLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutScaled"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutScaledLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                        const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=global-state reason=global-state
  for (int n = 0; n < num_; ++n) {
    for (int d = 0; d < dim_; ++d) {
      top_data[n * dim_ + d] = mut_scaled(bottom_data[n * dim_ + d]);
    }
  }
}

INSTANTIATE_CLASS(MutScaledLayer);
REGISTER_LAYER_CLASS(MutScaled);

}  // namespace caffe
