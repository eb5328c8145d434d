// From SigmoidLayer (caffe_src/src/caffe/layers/sigmoid_layer.cpp), with a scratch Blob.
// Edit (twelfth red team): a public, recursive `Dump(k)` writes what the last sample left in
// the scratch to a log buffer. Liveness walked a method as an entry only when no method of
// the class called its name, and a recursive one calls itself.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSRecursiveDumpLayer : public Layer<Dtype> {
 public:
  explicit MutSRecursiveDumpLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    scratch_.Reshape(1, 1, 1, dim_);
    dumped_.resize(dim_);
  }
  virtual inline const char* type() const { return "MutSRecursiveDump"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
  Blob<Dtype> scratch_;
  std::vector<Dtype> dumped_;

 public:
  void Dump(int k) {
    if (k < dim_) {
      dumped_[k] = scratch_.cpu_data()[k];
      Dump(k + 1);
    }
  }
};

template <typename Dtype>
void MutSRecursiveDumpLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* s = scratch_.mutable_cpu_data();
  // CGP-MUTANT: unsafe class=scratch-read-after reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      s[k] = Dtype(1) / (Dtype(1) + std::exp(-bottom_data[n * dim_ + k]));
    }
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = s[k];
    }
  }
}

template <typename Dtype>
void MutSRecursiveDumpLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSRecursiveDumpLayer);
REGISTER_LAYER_CLASS(MutSRecursiveDump);

}  // namespace caffe
