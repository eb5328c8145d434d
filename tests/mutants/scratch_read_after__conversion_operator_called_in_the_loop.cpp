// From SigmoidLayer (caffe_src/src/caffe/layers/sigmoid_layer.cpp), with a scratch Blob.
// Edit (nineteenth red team): each sample adds `this->operator Dtype()`, the layer's own
// conversion operator, which sums the scratch `conv_in_scratch_`. A conversion operator was no
// method the walk followed, so privatizing the scratch left its read on the shared Blob.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSConvInLoopLayer : public Layer<Dtype> {
 public:
  explicit MutSConvInLoopLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    conv_in_scratch_.Reshape(1, 1, 1, dim_);
  }
  virtual inline const char* type() const { return "MutSConvInLoop"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  operator Dtype() const {
    const Dtype* s = conv_in_scratch_.cpu_data();
    Dtype t = 0;
    for (int k = 0; k < dim_; ++k) {
      t += s[k];
    }
    return t;
  }
  Blob<Dtype> conv_in_scratch_;
  int num_, dim_;
};

template <typename Dtype>
void MutSConvInLoopLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  caffe_set(dim_, Dtype(0), conv_in_scratch_.mutable_cpu_data());
  // CGP-MUTANT: unsafe class=scratch-read-after reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    Dtype* s = conv_in_scratch_.mutable_cpu_data();
    for (int k = 0; k < dim_; ++k) {
      s[k] = Dtype(1) / (Dtype(1) + std::exp(-bottom_data[n * dim_ + k]));
    }
    top_data[n * dim_] += this->operator Dtype();
  }
}

template <typename Dtype>
void MutSConvInLoopLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSConvInLoopLayer);
REGISTER_LAYER_CLASS(MutSConvInLoop);

}  // namespace caffe
