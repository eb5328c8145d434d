// From PoolingLayer's AVE pooling (caffe_src/src/caffe/layers/pooling_layer.cpp): each output
// is the mean of a window of inputs. Edit: mean pooling over variable-length segments of the
// batch: bottom[1] holds, at the first sample of each segment, the segment's length, and
// every sample of the segment gets the segment's mean. The loop walks the samples with a
// step read from bottom[1] (n += len): which samples are iteration starts depends on the
// data, so the iterations cannot be enumerated up front, and the body covers samples n..n+len-1.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutBSegmentMeanLayer : public Layer<Dtype> {
 public:
  explicit MutBSegmentMeanLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    CHECK_EQ(bottom[1]->count(), bottom[0]->num());
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutBSegmentMean"; }
  virtual inline int ExactNumBottomBlobs() const { return 2; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutBSegmentMeanLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                              const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* seg_len = bottom[1]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=fake-batch reason=unprovable-induction
  for (int n = 0; n < num_;) {
    const int len = std::max(1, std::min(static_cast<int>(seg_len[n]), num_ - n));
    Dtype* out = top_data + n * dim_;
    caffe_set(dim_, Dtype(0), out);
    for (int m = n; m < n + len; ++m) {
      caffe_axpy(dim_, Dtype(1) / len, bottom_data + m * dim_, out);
    }
    for (int m = n + 1; m < n + len; ++m) {
      caffe_copy(dim_, out, top_data + m * dim_);
    }
    n += len;
  }
}

INSTANTIATE_CLASS(MutBSegmentMeanLayer);
REGISTER_LAYER_CLASS(MutBSegmentMean);

}  // namespace caffe
