// Control, the legal twin of global_state__relu_dead_unit_counter / local_static__tanh_clip_
// warning_budget: from caffe_src's TanHLayer, walked per sample, with a count of clipped units
// per sample written to a second top. The counter is a namespace-scope `thread_local`, reset at
// the start of every sample and read only within that sample: each thread has its own, and no
// value flows from one sample to the next.
#include <algorithm>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

thread_local int tanh_clipped_in_sample = 0;

template <typename Dtype>
class MutClipCountTanHLayer : public Layer<Dtype> {
 public:
  explicit MutClipCountTanHLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    vector<int> count_shape(1, num_);
    top[1]->Reshape(count_shape);
  }
  virtual inline const char* type() const { return "MutClipCountTanH"; }
  virtual inline int ExactNumBottomBlobs() const { return 1; }
  virtual inline int ExactNumTopBlobs() const { return 2; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int num_;
  int dim_;
};

template <typename Dtype>
void MutClipCountTanHLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                               const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* clipped = top[1]->mutable_cpu_data();
  const Dtype clip = Dtype(20);
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    tanh_clipped_in_sample = 0;
    const Dtype* in = bottom_data + n * dim_;
    Dtype* out = top_data + n * dim_;
    for (int k = 0; k < dim_; ++k) {
      const Dtype x = std::min(std::max(in[k], -clip), clip);
      if (x != in[k]) ++tanh_clipped_in_sample;
      out[k] = std::tanh(x);
    }
    clipped[n] = Dtype(tanh_clipped_in_sample);
  }
}

INSTANTIATE_CLASS(MutClipCountTanHLayer);
REGISTER_LAYER_CLASS(MutClipCountTanH);

}  // namespace caffe
