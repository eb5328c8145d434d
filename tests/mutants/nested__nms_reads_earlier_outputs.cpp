// From AccuracyLayer's top-k comparison (caffe_src/src/caffe/layers/accuracy_layer.cpp).
// Edit: greedy non-maximum suppression across the batch: each sample is a detection (score in
// its first value, a box in the next four); a detection is kept (its score copied to top) unless
// an earlier detection that was kept overlaps it. An inner loop over the earlier samples m < n
// reads top, which those samples' iterations wrote.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRBatchNmsLayer : public Layer<Dtype> {
 public:
  explicit MutRBatchNmsLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    iou_threshold_ = this->layer_param_.power_param().scale();
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    CHECK_GE(dim_, 5);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutRBatchNms"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Dtype iou_threshold_;
  int num_, dim_;
};

template <typename Dtype>
void MutRBatchNmsLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                           const vector<Blob<Dtype>*>& top) {
  const Dtype* det = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const Dtype* a = det + n * dim_;
    bool suppressed = false;
    for (int m = 0; m < n; ++m) {
      if (top_data[m * dim_] <= Dtype(0)) continue;  // m was suppressed
      const Dtype* b = det + m * dim_;
      const Dtype iw = std::min(a[3], b[3]) - std::max(a[1], b[1]);
      const Dtype ih = std::min(a[4], b[4]) - std::max(a[2], b[2]);
      if (iw <= 0 || ih <= 0) continue;
      const Dtype inter = iw * ih;
      const Dtype uni = (a[3] - a[1]) * (a[4] - a[2]) + (b[3] - b[1]) * (b[4] - b[2]) - inter;
      if (inter > iou_threshold_ * uni) suppressed = true;
    }
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = a[k];
    }
    if (suppressed) top_data[n * dim_] = Dtype(0);
  }
}

INSTANTIATE_CLASS(MutRBatchNmsLayer);
REGISTER_LAYER_CLASS(MutRBatchNms);

}  // namespace caffe
