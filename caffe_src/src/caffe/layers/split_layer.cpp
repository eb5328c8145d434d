#include <vector>

#include "caffe/layers/split_layer.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
void SplitLayer<Dtype>::Reshape(const vector<Blob<Dtype>*>& bottom,
                                const vector<Blob<Dtype>*>& top) {
  count_ = bottom[0]->count();
  for (size_t i = 0; i < top.size(); ++i) {
    // The tops must be separate blobs: each carries its own diff.
    CHECK_NE(top[i], bottom[0]) << this->type() << " Layer does not allow in-place computation.";
    top[i]->ReshapeLike(*bottom[0]);
    CHECK_EQ(count_, top[i]->count());
  }
}

template <typename Dtype>
void SplitLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                    const vector<Blob<Dtype>*>& top) {
  for (size_t i = 0; i < top.size(); ++i) {
    top[i]->ShareData(*bottom[0]);
  }
}

template <typename Dtype>
void SplitLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
                                     const vector<bool>& propagate_down,
                                     const vector<Blob<Dtype>*>& bottom) {
  if (!propagate_down[0]) return;
  Dtype* bottom_diff = bottom[0]->mutable_cpu_diff();
  if (top.size() == 1) {
    caffe_copy(count_, top[0]->cpu_diff(), bottom_diff);
    return;
  }
  caffe_add(count_, top[0]->cpu_diff(), top[1]->cpu_diff(), bottom_diff);
  for (size_t i = 2; i < top.size(); ++i) {
    caffe_axpy(count_, Dtype(1), top[i]->cpu_diff(), bottom_diff);
  }
}

INSTANTIATE_CLASS(SplitLayer);
REGISTER_LAYER_CLASS(Split);

}  // namespace caffe
