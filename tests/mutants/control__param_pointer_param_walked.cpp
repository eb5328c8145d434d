// From ScaleLayer-style per-sample gains on InnerProductLayer outputs (inner_product_layer.cpp).
// Edit: the per-sample gains come from a second bottom, read by a helper through a local
// `const Dtype* gains` with `gain_stride` entries per sample (once a pointer parameter: a
// pointer of unknown target is no longer read while the loop writes Blobs);
// the author walks the pointer through the table in the batch loop (`gains += gain_stride`),
// C style. The parameter is one variable for every sample: samples run at once advance it
// together, and each reads a gain wherever the others left the pointer.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSWalkedGainLayer : public Layer<Dtype> {
 public:
  explicit MutSWalkedGainLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSWalkedGain"; }
  virtual inline int ExactNumBottomBlobs() const { return 2; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    ApplyGains(bottom, top);
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  void ApplyGains(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  int num_, dim_;
};

template <typename Dtype>
void MutSWalkedGainLayer<Dtype>::ApplyGains(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* gains = bottom[1]->cpu_data();
  const int gain_stride = bottom[1]->count(1);
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // (Written as unsafe; it is not: the advance has the closed form gains_0 + n * gain_stride,
  // which the rewrite uses, so every sample reads its own gain. Kept as a control.)
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    caffe_cpu_scale(dim_, gains[0], bottom_data + n * dim_, top_data + n * dim_);
    gains += gain_stride;
  }
}

INSTANTIATE_CLASS(MutSWalkedGainLayer);
REGISTER_LAYER_CLASS(MutSWalkedGain);

}  // namespace caffe
