// From SigmoidLayer (caffe_src/src/caffe/layers/sigmoid_layer.cpp), with a scratch Blob.
// Edit (tenth red team): Forward computes each sample's sigmoid in a scratch Blob and keeps a
// pointer to that Blob (`last_ = &scratch_` in Reshape) through which Backward reads what the
// last sample left. Liveness looked for reads of scratch_ by its own name only: privatized,
// the shared scratch_ never holds the last sample's values.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSLastByPointerLayer : public Layer<Dtype> {
 public:
  explicit MutSLastByPointerLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    scratch_.Reshape(1, 1, 1, dim_);
    last_ = &scratch_;
  }
  virtual inline const char* type() const { return "MutSLastByPointer"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
  Blob<Dtype> scratch_;
  Blob<Dtype>* last_;
};

template <typename Dtype>
void MutSLastByPointerLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
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

template <typename Dtype>
void MutSLastByPointerLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
  const Dtype* last = last_->cpu_data();
  Dtype* bottom_diff = bottom[0]->mutable_cpu_diff();
  for (int k = 0; k < dim_; ++k) {
    bottom_diff[k] = last[k];
  }
}

INSTANTIATE_CLASS(MutSLastByPointerLayer);
REGISTER_LAYER_CLASS(MutSLastByPointer);

}  // namespace caffe
