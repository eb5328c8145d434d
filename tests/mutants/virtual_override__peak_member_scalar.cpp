// From caffe_src's NeuronLayer family (ReLU/Sigmoid/TanH: one elementwise map per sample),
// factored as a base layer whose batch loop calls a virtual per-sample transform.
// Edit: a subclass in this file inherits the base's Forward_cpu and overrides the transform
// to also keep the largest activation seen in a member scalar (peak_, read by a debugging
// accessor). The base loop dispatches through `this->`, so for the subclass every sample
// read-modify-writes the same member: a cross-sample dependence hidden behind the virtual call.
#include <algorithm>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSampleMapLayer : public Layer<Dtype> {
 public:
  explicit MutSampleMapLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSampleMap"; }
  virtual inline int ExactNumBottomBlobs() const { return 1; }
  virtual inline int ExactNumTopBlobs() const { return 1; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  // One sample: out[k] = f(in[k]), k < count. The base applies the sigmoid.
  virtual void transform_sample(const Dtype* in, Dtype* out, const int count) {
    for (int k = 0; k < count; ++k) {
      out[k] = Dtype(1) / (Dtype(1) + std::exp(-in[k]));
    }
  }

  int num_;
  int dim_;
};

template <typename Dtype>
void MutSampleMapLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                           const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=virtual-override reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    this->transform_sample(bottom_data + n * dim_, top_data + n * dim_, dim_);
  }
}

// A ReLU that remembers its peak activation.
template <typename Dtype>
class MutPeakReLUMapLayer : public MutSampleMapLayer<Dtype> {
 public:
  explicit MutPeakReLUMapLayer(const LayerParameter& param)
      : MutSampleMapLayer<Dtype>(param), peak_(0) {}
  virtual inline const char* type() const { return "MutPeakReLUMap"; }
  Dtype peak() const { return peak_; }

 protected:
  virtual void transform_sample(const Dtype* in, Dtype* out, const int count) {
    for (int k = 0; k < count; ++k) {
      out[k] = std::max(in[k], Dtype(0));
      peak_ = std::max(peak_, out[k]);
    }
  }

  Dtype peak_;
};

INSTANTIATE_CLASS(MutSampleMapLayer);
REGISTER_LAYER_CLASS(MutSampleMap);
INSTANTIATE_CLASS(MutPeakReLUMapLayer);
REGISTER_LAYER_CLASS(MutPeakReLUMap);

}  // namespace caffe
