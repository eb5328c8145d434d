// From SigmoidLayer (caffe_src/src/caffe/layers/sigmoid_layer.cpp), with a scratch Blob.
// Control (eighteenth red team): the protected helper `EmitNoSummary` turns the sample's
// scratch into its output, called only in the loop; nothing runs it after the loop, so the
// scratch is dead after each iteration and the loop stays parallel.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSEmitNoSummaryLayer : public Layer<Dtype> {
 public:
  explicit MutSEmitNoSummaryLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    emit_nosum_scratch_.Reshape(1, 1, 1, dim_);
  }
  virtual inline const char* type() const { return "MutSEmitNoSummary"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  void EmitNoSummary(Dtype* out) {
    const Dtype* s = emit_nosum_scratch_.cpu_data();
    for (int k = 0; k < dim_; ++k) {
      out[k] = s[k] + s[dim_ - 1 - k];
    }
  }
  Blob<Dtype> emit_nosum_scratch_;
  int num_, dim_;
};

template <typename Dtype>
void MutSEmitNoSummaryLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  caffe_set(dim_, Dtype(0), emit_nosum_scratch_.mutable_cpu_data());
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    Dtype* s = emit_nosum_scratch_.mutable_cpu_data();
    for (int k = 0; k < dim_; ++k) {
      s[k] = Dtype(1) / (Dtype(1) + std::exp(-bottom_data[n * dim_ + k]));
    }
    EmitNoSummary(top_data + n * dim_);
  }
}

template <typename Dtype>
void MutSEmitNoSummaryLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSEmitNoSummaryLayer);
REGISTER_LAYER_CLASS(MutSEmitNoSummary);

}  // namespace caffe
