// From BatchNormLayer running statistics (caffe_src/src/caffe/layers/batch_norm_layer.cpp).
// Edit: the layer keeps each sample's mean in a member std::vector<Dtype> ring of the
// last hist_len_ samples (written with operator[] at (cursor + n) % hist_len_), and normalizes
// each sample by the mean of the ring; samples read entries other samples write.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRHistoryVectorLayer : public Layer<Dtype> {
 public:
  explicit MutRHistoryVectorLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    hist_len_ = 16;
    history_.assign(hist_len_, Dtype(0));
    cursor_ = 0;
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutRHistoryVector"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  std::vector<Dtype> history_;
  int hist_len_, cursor_;
  int num_, dim_;
};

template <typename Dtype>
void MutRHistoryVectorLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=cross-sample reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    const Dtype mean = caffe_cpu_asum(dim_, bottom_data + n * dim_) / dim_;
    history_[(cursor_ + n) % hist_len_] = mean;
    Dtype ring_mean = 0;
    for (int h = 0; h < hist_len_; ++h) ring_mean += history_[h];
    ring_mean /= hist_len_;
    for (int k = 0; k < dim_; ++k) top_data[n * dim_ + k] = bottom_data[n * dim_ + k] - ring_mean;
  }
}

INSTANTIATE_CLASS(MutRHistoryVectorLayer);
REGISTER_LAYER_CLASS(MutRHistoryVector);

}  // namespace caffe
