// Edit of a copy layer that calls its own `fast::caffe_copy`, named like the math library's,
// which counts its calls in a namespace-scope variable.
// (red team, 2026-12-06, eighth round: came back parallel before)
#include <algorithm>
#include <cstring>
#include <type_traits>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

namespace fast {
int g_copies = 0;
template <typename Dtype>
void caffe_copy(const int n, const Dtype* x, Dtype* y) {
  ++g_copies;
  std::memcpy(y, x, sizeof(Dtype) * n);
}
}  // namespace fast

template <typename Dtype>
class MutXFastCopyLayer : public Layer<Dtype> {
 public:
  explicit MutXFastCopyLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutXFastCopy"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutXFastCopyLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int num = bottom[0]->num();
  const int dim = bottom[0]->count(1);
  // CGP-MUTANT: unsafe class=global-state reason=global-state
  for (int n = 0; n < num; ++n) {
    fast::caffe_copy(dim, bottom_data + n * dim, top_data + n * dim);
  }
}

INSTANTIATE_CLASS(MutXFastCopyLayer);
REGISTER_LAYER_CLASS(MutXFastCopy);

}  // namespace caffe
