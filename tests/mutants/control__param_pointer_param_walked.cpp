// From ScaleLayer-style per-sample gains on InnerProductLayer outputs (inner_product_layer.cpp).
// Edit: the per-sample gains come from a helper argument `const Dtype* gains` (a table the
// caller picks: a second bottom, or a member Blob), with `gain_stride` entries per sample;
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
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    default_gain_.Reshape(1, 1, 1, 1);
    default_gain_.mutable_cpu_data()[0] = Dtype(1);
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSWalkedGain"; }
  virtual inline int MinBottomBlobs() const { return 1; }
  virtual inline int MaxBottomBlobs() const { return 2; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    if (bottom.size() > 1) {
      ApplyGains(bottom, top, bottom[1]->cpu_data(), bottom[1]->count(1));
    } else {
      ApplyGains(bottom, top, default_gain_.cpu_data(), 0);
    }
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  void ApplyGains(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top,
                  const Dtype* gains, int gain_stride);
  Blob<Dtype> default_gain_;
  int num_, dim_;
};

template <typename Dtype>
void MutSWalkedGainLayer<Dtype>::ApplyGains(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top, const Dtype* gains, int gain_stride) {
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
