// From SigmoidLayer (caffe_src/src/caffe/layers/sigmoid_layer.cpp), with a scratch Blob.
// Edit (eighteenth red team): after the loop a summary row runs the protected helper
// `EmitFnPtr` once more through a pointer to member chosen in LayerSetUp,
// `(this->*emit_fnptr_finish_)(top_data)`, a call the liveness walk did not follow.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSEmitFnPtrLayer : public Layer<Dtype> {
 public:
  explicit MutSEmitFnPtrLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    emit_fnptr_scratch_.Reshape(1, 1, 1, dim_);
  }
  virtual inline const char* type() const { return "MutSEmitFnPtr"; }
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    emit_fnptr_finish_ = &MutSEmitFnPtrLayer::EmitFnPtr;
  }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  void EmitFnPtr(Dtype* out) {
    const Dtype* s = emit_fnptr_scratch_.cpu_data();
    for (int k = 0; k < dim_; ++k) {
      out[k] = s[k] + s[dim_ - 1 - k];
    }
  }
  void (MutSEmitFnPtrLayer::*emit_fnptr_finish_)(Dtype*);
  Blob<Dtype> emit_fnptr_scratch_;
  int num_, dim_;
};

template <typename Dtype>
void MutSEmitFnPtrLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  caffe_set(dim_, Dtype(0), emit_fnptr_scratch_.mutable_cpu_data());
  // CGP-MUTANT: unsafe class=scratch-read-after reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    Dtype* s = emit_fnptr_scratch_.mutable_cpu_data();
    for (int k = 0; k < dim_; ++k) {
      s[k] = Dtype(1) / (Dtype(1) + std::exp(-bottom_data[n * dim_ + k]));
    }
    EmitFnPtr(top_data + n * dim_);
  }
  (this->*emit_fnptr_finish_)(top_data);
}

template <typename Dtype>
void MutSEmitFnPtrLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSEmitFnPtrLayer);
REGISTER_LAYER_CLASS(MutSEmitFnPtr);

}  // namespace caffe
