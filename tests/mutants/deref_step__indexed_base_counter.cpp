// Edit of ReLULayer as a per-sample loop: the store's base pointer, not its index, carries
// the function's counter, `(top_data + n * dim_ + k++ % dim_)[0] = x`.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutDIndexedBaseLayer : public Layer<Dtype> {
 public:
  explicit MutDIndexedBaseLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutDIndexedBase"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutDIndexedBaseLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                              const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  int k = 0;
  // CGP-MUTANT: unsafe class=deref-step reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int i = 0; i < dim_; ++i) {
      (top_data + n * dim_ + k++ % dim_)[0] = std::max(bottom_data[n * dim_ + i], Dtype(0));
    }
  }
}

INSTANTIATE_CLASS(MutDIndexedBaseLayer);
REGISTER_LAYER_CLASS(MutDIndexedBase);

}  // namespace caffe
