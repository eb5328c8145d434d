// From EltwiseLayer's MAX with a mask (caffe_src/src/caffe/layers/eltwise_layer.cpp).
// Edit: a gated copy layer: when the sample's gate (its first value) is open, the sample is
// rectified into a member scratch Blob; then the gate is re-read from the sample's last value
// (the "hold" flag, reusing the same local), and when that one is open the scratch is copied
// to top. A sample whose first gate is closed but hold flag open copies the scratch that an
// earlier sample left.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRGatedHoldLayer : public Layer<Dtype> {
 public:
  explicit MutRGatedHoldLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    held_.Reshape(vector<int>(1, dim_));
  }
  virtual inline const char* type() const { return "MutRGatedHold"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Blob<Dtype> held_;
  int num_, dim_;
};

template <typename Dtype>
void MutRGatedHoldLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                            const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* held = held_.mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), top_data);
  // CGP-MUTANT: unsafe class=scratch-read-after reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + n * dim_;
    bool open = in[0] > 0;
    if (open) {
      for (int k = 0; k < dim_; ++k) held[k] = std::max(in[k], Dtype(0));
    }
    open = in[dim_ - 1] > 0;
    if (open) {
      caffe_copy(dim_, held, top_data + n * dim_);
    }
  }
}

INSTANTIATE_CLASS(MutRGatedHoldLayer);
REGISTER_LAYER_CLASS(MutRGatedHold);

}  // namespace caffe
