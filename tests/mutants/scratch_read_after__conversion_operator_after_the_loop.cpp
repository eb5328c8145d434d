// From SigmoidLayer (caffe_src/src/caffe/layers/sigmoid_layer.cpp), with a scratch Blob.
// Edit (nineteenth red team): the loop reads the scratch `conv_after_scratch_` by name; after
// it, `static_cast<Dtype>(*this)` runs the conversion operator, which sums the last sample's
// scratch. The privatized scratch leaves the shared Blob unwritten for that read.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSConvAfterLoopLayer : public Layer<Dtype> {
 public:
  explicit MutSConvAfterLoopLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    conv_after_scratch_.Reshape(1, 1, 1, dim_);
  }
  virtual inline const char* type() const { return "MutSConvAfterLoop"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  operator Dtype() const {
    const Dtype* s = conv_after_scratch_.cpu_data();
    Dtype t = 0;
    for (int k = 0; k < dim_; ++k) {
      t += s[k];
    }
    return t;
  }
  Blob<Dtype> conv_after_scratch_;
  int num_, dim_;
};

template <typename Dtype>
void MutSConvAfterLoopLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  caffe_set(dim_, Dtype(0), conv_after_scratch_.mutable_cpu_data());
  // CGP-MUTANT: unsafe class=scratch-read-after reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    Dtype* s = conv_after_scratch_.mutable_cpu_data();
    for (int k = 0; k < dim_; ++k) {
      s[k] = Dtype(1) / (Dtype(1) + std::exp(-bottom_data[n * dim_ + k]));
    }
    top_data[n * dim_] += s[0];
  }
  top_data[0] = static_cast<Dtype>(*this);
}

template <typename Dtype>
void MutSConvAfterLoopLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSConvAfterLoopLayer);
REGISTER_LAYER_CLASS(MutSConvAfterLoop);

}  // namespace caffe
