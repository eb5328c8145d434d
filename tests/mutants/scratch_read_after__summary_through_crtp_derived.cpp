// From SigmoidLayer (caffe_src/src/caffe/layers/sigmoid_layer.cpp), with a scratch Blob.
// Edit (eighteenth red team): a CRTP base runs the loop, then the derived class's protected
// `FinishCrtp` (the base a friend), which calls the base's `EmitCrtp` on the last sample's
// scratch. FinishCrtp is also called directly (a dry run in LayerSetUp), so it was taken for a
// helper; the call through `static_cast<Derived*>(this)` was not followed.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype, typename Derived>
class MutSEmitCrtpBase : public Layer<Dtype> {
 public:
  explicit MutSEmitCrtpBase(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    emit_crtp_scratch_.Reshape(1, 1, 1, dim_);
  }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  void EmitCrtp(Dtype* out) {
    const Dtype* s = emit_crtp_scratch_.cpu_data();
    for (int k = 0; k < dim_; ++k) {
      out[k] = s[k] + s[dim_ - 1 - k];
    }
  }
  int num_, dim_;
  Blob<Dtype> emit_crtp_scratch_;
};

template <typename Dtype, typename Derived>
void MutSEmitCrtpBase<Dtype, Derived>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=scratch-read-after reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    Dtype* s = emit_crtp_scratch_.mutable_cpu_data();
    for (int k = 0; k < dim_; ++k) {
      s[k] = Dtype(1) / (Dtype(1) + std::exp(-bottom_data[n * dim_ + k]));
    }
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = s[k] + s[dim_ - 1 - k];
    }
  }
  static_cast<Derived*>(this)->FinishCrtp(top_data);
}

template <typename Dtype>
class MutSEmitCrtpLayer : public MutSEmitCrtpBase<Dtype, MutSEmitCrtpLayer<Dtype> > {
  friend class MutSEmitCrtpBase<Dtype, MutSEmitCrtpLayer<Dtype> >;

 public:
  explicit MutSEmitCrtpLayer(const LayerParameter& param)
      : MutSEmitCrtpBase<Dtype, MutSEmitCrtpLayer<Dtype> >(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    // a dry run of the summary on a zero scratch (checks the shapes once)
    this->dim_ = bottom[0]->count(1);
    this->emit_crtp_scratch_.Reshape(1, 1, 1, this->dim_);
    caffe_set(this->dim_, Dtype(0), this->emit_crtp_scratch_.mutable_cpu_data());
    vector<Dtype> probe(this->dim_);
    FinishCrtp(probe.data());
  }
  virtual inline const char* type() const { return "MutSEmitCrtp"; }

 protected:
  void FinishCrtp(Dtype* y) { this->EmitCrtp(y); }
};

INSTANTIATE_CLASS(MutSEmitCrtpLayer);
REGISTER_LAYER_CLASS(MutSEmitCrtp);

}  // namespace caffe
