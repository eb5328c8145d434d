// From SigmoidLayer (caffe_src/src/caffe/layers/sigmoid_layer.cpp), with a scratch Blob.
// Edit (thirteenth red team): the constructor's initializer list keeps a pointer to the
// scratch, `last_(&scratch_)`, which a public getter hands out. The initializer list was not
// lowered at all: nothing in it was seen.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSCtorPointerLayer : public Layer<Dtype> {
 public:
  explicit MutSCtorPointerLayer(const LayerParameter& param) : Layer<Dtype>(param), last_(&scratch_) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    scratch_.Reshape(1, 1, 1, dim_);
  }
  virtual inline const char* type() const { return "MutSCtorPointer"; }
  const Blob<Dtype>* last() const { return last_; }
  const Blob<Dtype>* last_;

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
  Blob<Dtype> scratch_;
};

template <typename Dtype>
void MutSCtorPointerLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=scratch-read-after reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    Dtype* s = scratch_.mutable_cpu_data();
    for (int k = 0; k < dim_; ++k) {
      s[k] = Dtype(1) / (Dtype(1) + std::exp(-bottom_data[n * dim_ + k]));
    }
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = s[k] * s[dim_ - 1 - k];
    }
  }
}

template <typename Dtype>
void MutSCtorPointerLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSCtorPointerLayer);
REGISTER_LAYER_CLASS(MutSCtorPointer);

}  // namespace caffe
