// From SigmoidLayer (caffe_src/src/caffe/layers/sigmoid_layer.cpp), with a scratch Blob.
// Edit (sixteenth red team): a causal max over a window of kernel_ steps. The scratch holds
// dim_ + kernel_ - 1 slots whose tail is -FLT_MAX, set in Reshape; each sample copies its
// dim_ values to the front and reads `s[k + j]`, past them. The private copy did not start
// from the shared one (the tail was not written before the loop in the same function, and a
// read at a sum of two inner indices was taken for one inside the block): other threads read
// a tail nobody set. Now such a read is not covered, and the copy starts as the shared one.
#include <cmath>
#include <vector>
#include <algorithm>
#include <cfloat>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSWindowMaxLayer : public Layer<Dtype> {
 public:
  explicit MutSWindowMaxLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    scratch_.Reshape(1, 1, 1, dim_ + kernel_ - 1);
    for (int j = dim_; j < scratch_.count(); ++j) {
      scratch_.mutable_cpu_data()[j] = -FLT_MAX;
    }
  }
  virtual inline const char* type() const { return "MutSWindowMax"; }
  int kernel_ = 3;

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
  Blob<Dtype> scratch_;
};

template <typename Dtype>
void MutSWindowMaxLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    Dtype* s = scratch_.mutable_cpu_data();
    caffe_copy(dim_, bottom_data + n * dim_, s);
    for (int k = 0; k < dim_; ++k) {
      Dtype best = s[k];
      for (int j = 1; j < kernel_; ++j) {
        best = std::max(best, s[k + j]);
      }
      top_data[n * dim_ + k] = best;
    }
  }
}

template <typename Dtype>
void MutSWindowMaxLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSWindowMaxLayer);
REGISTER_LAYER_CLASS(MutSWindowMax);

}  // namespace caffe
