// From SigmoidLayer (caffe_src/src/caffe/layers/sigmoid_layer.cpp), with a scratch Blob.
// Edit (twelfth red team): in TRAIN the loop fills the scratch per sample; in TEST the layer
// outputs what the last training sample left there. Liveness looked at the statements after
// the loop and before it, never at an if's other branch in the next call.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSPhaseScratchLayer : public Layer<Dtype> {
 public:
  explicit MutSPhaseScratchLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    scratch_.Reshape(1, 1, 1, dim_);
  }
  virtual inline const char* type() const { return "MutSPhaseScratch"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
  Blob<Dtype> scratch_;
};

template <typename Dtype>
void MutSPhaseScratchLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  if (this->phase_ != TRAIN) {
    const Dtype* last = scratch_.cpu_data();
    for (int i = 0; i < top[0]->count(); ++i) {
      top_data[i] = last[i % dim_];
    }
  } else {
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
}

template <typename Dtype>
void MutSPhaseScratchLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSPhaseScratchLayer);
REGISTER_LAYER_CLASS(MutSPhaseScratch);

}  // namespace caffe
