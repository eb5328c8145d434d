// From SigmoidLayer (caffe_src/src/caffe/layers/sigmoid_layer.cpp), with a scratch Blob.
// Edit (eighteenth red team): a scope guard declared before the loop runs the protected helper
// `EmitGuarded` from its destructor, at the end of Forward_cpu, after the loop: the summary
// row reads the last sample's scratch through a destructor the liveness walk did not follow.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype> class MutSEmitGuardedLayer;

template <typename Dtype>
struct MutSEmitSummaryGuard {
  MutSEmitSummaryGuard(MutSEmitGuardedLayer<Dtype>* l, Dtype* out) : guarded_(l), out_(out) {}
  ~MutSEmitSummaryGuard() { guarded_->EmitGuarded(out_); }
  MutSEmitGuardedLayer<Dtype>* guarded_;
  Dtype* out_;
};

template <typename Dtype>
class MutSEmitGuardedLayer : public Layer<Dtype> {
 public:
  explicit MutSEmitGuardedLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    emit_guarded_scratch_.Reshape(1, 1, 1, dim_);
  }
  virtual inline const char* type() const { return "MutSEmitGuarded"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  friend struct MutSEmitSummaryGuard<Dtype>;
  void EmitGuarded(Dtype* out) {
    const Dtype* s = emit_guarded_scratch_.cpu_data();
    for (int k = 0; k < dim_; ++k) {
      out[k] = s[k] + s[dim_ - 1 - k];
    }
  }
  Blob<Dtype> emit_guarded_scratch_;
  int num_, dim_;
};

template <typename Dtype>
void MutSEmitGuardedLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  MutSEmitSummaryGuard<Dtype> summary(this, top[0]->mutable_cpu_data());
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  caffe_set(dim_, Dtype(0), emit_guarded_scratch_.mutable_cpu_data());
  // CGP-MUTANT: unsafe class=scratch-read-after reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    Dtype* s = emit_guarded_scratch_.mutable_cpu_data();
    for (int k = 0; k < dim_; ++k) {
      s[k] = Dtype(1) / (Dtype(1) + std::exp(-bottom_data[n * dim_ + k]));
    }
    EmitGuarded(top_data + n * dim_);
  }
}

template <typename Dtype>
void MutSEmitGuardedLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSEmitGuardedLayer);
REGISTER_LAYER_CLASS(MutSEmitGuarded);

}  // namespace caffe
