// Round 32 (mine, after review): one store at an index read from data, then buf[0] read: slot 0 is the last sample's unless the index is 0
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
class Mut32NDataOneSlotLayer : public Layer<Dtype> {
 public:
  explicit Mut32NDataOneSlotLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
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
  virtual inline const char* type() const { return "Mut32NDataOneSlot"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);

  Blob<Dtype> scratch_;
  int num_;
  int dim_;
};

template <typename Dtype>
void Mut32NDataOneSlotLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* buf = scratch_.mutable_cpu_data();
  // CGP-MUTANT: unsafe class=scratch reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + n * dim_;
    Dtype* out = top_data + n * dim_;
    buf[static_cast<int>(in[0]) % dim_] = in[1];
    out[0] = buf[0];
    for (int k = 1; k < dim_; ++k) out[k] = in[k];
    for (int k = 0; k < dim_; ++k) buf[k] = in[k] * in[k];
  }
}

template <typename Dtype>
void Mut32NDataOneSlotLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
                                     const vector<bool>& propagate_down,
                                     const vector<Blob<Dtype>*>& bottom) {
  const Dtype* top_diff = top[0]->cpu_diff();
  Dtype* bottom_diff = bottom[0]->mutable_cpu_diff();
  if (propagate_down[0]) {
    caffe_copy(num_ * dim_, top_diff, bottom_diff);
  }
}

INSTANTIATE_CLASS(Mut32NDataOneSlotLayer);
REGISTER_LAYER_CLASS(Mut32NDataOneSlot);

}  // namespace caffe
