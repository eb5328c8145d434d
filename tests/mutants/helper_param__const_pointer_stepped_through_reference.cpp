// Edit of ReLULayer that also adds the sample before's output: a helper steps a pointer to
// const back one sample through its reference parameter (`void Back(const Dtype*& p) { p -=
// dim_; }`). The pointee is const, the pointer is not. (review, 2026-12-05: the binding of
// parameters took `const Dtype*&` for a copy, and only the write inside the helper rejected
// the loop, as an unknown call; now the read through `prev` is placed nowhere)
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutPConstPtrRefLayer : public Layer<Dtype> {
 public:
  explicit MutPConstPtrRefLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutPConstPtrRef"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  void Back(const Dtype*& p) const { p -= dim_; }
  int num_;
  int dim_;
};

template <typename Dtype>
void MutPConstPtrRefLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=helper-param reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int i = 0; i < dim_; ++i) {
      top_data[n * dim_ + i] = std::max(bottom_data[n * dim_ + i], Dtype(0));
    }
    const Dtype* prev = top_data + n * dim_;
    this->Back(prev);
    if (n > 0) {
      for (int i = 0; i < dim_; ++i) {
        top_data[n * dim_ + i] += Dtype(0.5) * prev[i];
      }
    }
  }
}

INSTANTIATE_CLASS(MutPConstPtrRefLayer);
REGISTER_LAYER_CLASS(MutPConstPtrRef);

}  // namespace caffe
