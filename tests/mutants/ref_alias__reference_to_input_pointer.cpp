// Edit of ReLULayer reading through a reference to the input pointer, `const Dtype*& in =
// bottom_data`, advanced per sample: every thread moves the shared pointer. (red team, 2026-12-05: came back parallel before)
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutAPointerRefLayer : public Layer<Dtype> {
 public:
  explicit MutAPointerRefLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutAPointerRef"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutAPointerRefLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                             const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=ref-alias reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    const Dtype*& in = bottom_data;
    for (int i = 0; i < dim_; ++i) {
      top_data[n * dim_ + i] = std::max(in[i], Dtype(0));
    }
    in += dim_;
  }
}

INSTANTIATE_CLASS(MutAPointerRefLayer);
REGISTER_LAYER_CLASS(MutAPointerRef);

}  // namespace caffe
