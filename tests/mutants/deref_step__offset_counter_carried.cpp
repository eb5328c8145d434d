// Edit of ReLULayer as a per-sample loop: the input is read through `*(bottom_data + k++)`,
// a counter of the function that the dereference steps, so sample n reads where the samples
// before it left the counter. (The analysis once read no effect inside a dereference's
// address: this loop came back parallel, with k shared by the threads.)
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutDOffsetCounterLayer : public Layer<Dtype> {
 public:
  explicit MutDOffsetCounterLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutDOffsetCounter"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutDOffsetCounterLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  int k = 0;
  // CGP-MUTANT: unsafe class=deref-step reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int i = 0; i < dim_; ++i) {
      top_data[n * dim_ + i] = std::max(*(bottom_data + k++), Dtype(0));
    }
  }
}

INSTANTIATE_CLASS(MutDOffsetCounterLayer);
REGISTER_LAYER_CLASS(MutDOffsetCounter);

}  // namespace caffe
