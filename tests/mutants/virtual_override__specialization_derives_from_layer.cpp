// From caffe_src's NeuronLayer family (ReLU/Sigmoid/TanH: one elementwise map per sample),
// factored as a base layer whose batch loop calls a virtual per-sample transform.
// Edit (twenty-second round, fixer's variant): a class template whose primary derives from a
// plain helper has an explicit specialization for float that derives from the base layer and
// overrides the transform to keep the largest activation in a member scalar. Only the
// specialization is a subclass of the layer; the analysis looked at the primary's bases only.
#include <algorithm>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class Mut22ASpecMapLayer : public Layer<Dtype> {
 public:
  explicit Mut22ASpecMapLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "Mut22ASpecMap"; }
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
void Mut22ASpecMapLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                           const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=virtual-override reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    this->transform_sample(bottom_data + n * dim_, top_data + n * dim_, dim_);
  }
}

// A ReLU that remembers its peak activation, for float only.
struct Mut22AOddTag {
  int tag_;
};
template <typename Dtype>
class Mut22AOddPeak : public Mut22AOddTag {
 public:
  Dtype plain(Dtype x) const { return x; }
};
template <>
class Mut22AOddPeak<float> : public Mut22ASpecMapLayer<float> {
 public:
  explicit Mut22AOddPeak(const LayerParameter& param)
      : Mut22ASpecMapLayer<float>(param), peak_(0) {}
  float peak() const { return peak_; }

 protected:
  virtual void transform_sample(const float* in, float* out, const int count) {
    for (int k = 0; k < count; ++k) {
      out[k] = std::max(in[k], 0.f);
      peak_ = std::max(peak_, out[k]);
    }
  }

  float peak_;
};

INSTANTIATE_CLASS(Mut22ASpecMapLayer);
REGISTER_LAYER_CLASS(Mut22ASpecMap);
}  // namespace caffe
