// Round 32 (mine, after review): a fill from k = 1, then buf[0] read outside any inner loop: slot 0 is the last sample's
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <cstdint>
#include <cstddef>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class Mut32NFromOneFirstLayer : public Layer<Dtype> {
 public:
  explicit Mut32NFromOneFirstLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom,
                          const vector<Blob<Dtype>*>& top) {
    dim_ = bottom[0]->count(1);
    if (this->blobs_.size() == 0) {
      this->blobs_.resize(1);
      this->blobs_[0].reset(new Blob<Dtype>(vector<int>(1, dim_)));
      caffe_set(dim_, Dtype(0), this->blobs_[0]->mutable_cpu_data());
    }

  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    scratch_.Reshape(vector<int>(1, dim_));

  }
  virtual inline int ExactNumBottomBlobs() const { return 1; }
  virtual inline int ExactNumTopBlobs() const { return 1; }
  virtual inline const char* type() const { return "Mut32NFromOneFirst"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);

  Blob<Dtype> scratch_;
  int num_;
  int dim_;
};

template <typename Dtype>
void Mut32NFromOneFirstLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* buf = scratch_.mutable_cpu_data();
  // CGP-MUTANT: unsafe class=scratch reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + n * dim_;
    Dtype* out = top_data + n * dim_;
    for (int k = 1; k < dim_; ++k) buf[k] = in[k];
    out[0] = buf[0];
    for (int k = 1; k < dim_; ++k) out[k] = buf[k] * in[k];
    for (int k = 0; k < dim_; ++k) buf[k] = in[k] * in[k];
  }
}

template <typename Dtype>
void Mut32NFromOneFirstLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
                                     const vector<bool>& propagate_down,
                                     const vector<Blob<Dtype>*>& bottom) {
  const Dtype* top_diff = top[0]->cpu_diff();
  Dtype* bottom_diff = bottom[0]->mutable_cpu_diff();
  if (propagate_down[0]) {
    caffe_copy(num_ * dim_, top_diff, bottom_diff);
  }
}

INSTANTIATE_CLASS(Mut32NFromOneFirstLayer);
REGISTER_LAYER_CLASS(Mut32NFromOneFirst);

}  // namespace caffe
