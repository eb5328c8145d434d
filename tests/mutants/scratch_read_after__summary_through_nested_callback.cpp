// From SigmoidLayer (caffe_src/src/caffe/layers/sigmoid_layer.cpp), with a scratch Blob.
// Edit (eighteenth red team): after the loop a summary row runs the protected helper
// `EmitNested` once more through a nested callback object holding the layer (set in
// LayerSetUp), `emit_nested_finish_(top_data)`, whose operator() the liveness walk did not follow.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSEmitNestedLayer : public Layer<Dtype> {
 public:
  explicit MutSEmitNestedLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    emit_nested_scratch_.Reshape(1, 1, 1, dim_);
  }
  virtual inline const char* type() const { return "MutSEmitNested"; }
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    emit_nested_finish_.nested_owner = this;
  }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  void EmitNested(Dtype* out) {
    const Dtype* s = emit_nested_scratch_.cpu_data();
    for (int k = 0; k < dim_; ++k) {
      out[k] = s[k] + s[dim_ - 1 - k];
    }
  }
  struct NestedFinisher {
    MutSEmitNestedLayer* nested_owner;
    void operator()(Dtype* out) { nested_owner->EmitNested(out); }
  };
  NestedFinisher emit_nested_finish_;
  Blob<Dtype> emit_nested_scratch_;
  int num_, dim_;
};

template <typename Dtype>
void MutSEmitNestedLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  caffe_set(dim_, Dtype(0), emit_nested_scratch_.mutable_cpu_data());
  // CGP-MUTANT: unsafe class=scratch-read-after reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    Dtype* s = emit_nested_scratch_.mutable_cpu_data();
    for (int k = 0; k < dim_; ++k) {
      s[k] = Dtype(1) / (Dtype(1) + std::exp(-bottom_data[n * dim_ + k]));
    }
    EmitNested(top_data + n * dim_);
  }
  emit_nested_finish_(top_data);
}

template <typename Dtype>
void MutSEmitNestedLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSEmitNestedLayer);
REGISTER_LAYER_CLASS(MutSEmitNested);

}  // namespace caffe
