// From PowerLayer (caffe_src/src/caffe/layers/power_layer.cpp).
// Edit: a const helper computes the sample's normalizer and memoizes it, with the sample it
// belongs to, in `mutable` members (so that a later call for the same sample is free). The
// helper is const, but each call writes the two mutable members every sample shares.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <random>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSMutableMemoLayer : public Layer<Dtype> {
 public:
  explicit MutSMutableMemoLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSMutableMemo"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Dtype Normalizer(const Dtype* x, int n) const {
    if (memo_sample_ != n) {
      memo_value_ = std::sqrt(caffe_cpu_dot(dim_, x, x) + Dtype(1));
      memo_sample_ = n;
    }
    return memo_value_;
  }
  mutable Dtype memo_value_;
  mutable int memo_sample_;
  int num_, dim_;
};

template <typename Dtype>
void MutSMutableMemoLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=member-write reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const Dtype z = this->Normalizer(bottom_data + n * dim_, n);
    caffe_cpu_scale(dim_, Dtype(1) / z, bottom_data + n * dim_, top_data + n * dim_);
  }
}

INSTANTIATE_CLASS(MutSMutableMemoLayer);
REGISTER_LAYER_CLASS(MutSMutableMemo);

}  // namespace caffe
