// PoolingLayer: MAX, AVE or STOCHASTIC pooling over rectangular windows of each
// channel. MAX records the argmax of every window (in max_idx_, or in a second
// top blob when one is given) so that the backward pass can route the gradient.
//
// Pooled size: ceil((in + 2 * pad - kernel) / stride) + 1 (round_mode CEIL, the
// default) or floor(...) + 1 (FLOOR); with padding, a last window that would
// start inside the right/bottom padding is dropped.
#ifndef CAFFE_POOLING_LAYER_HPP_
#define CAFFE_POOLING_LAYER_HPP_

#include <vector>

#include "caffe/blob.hpp"
#include "caffe/layer.hpp"
#include "caffe/proto/caffe.pb.h"

namespace caffe {

template <typename Dtype>
class PoolingLayer : public Layer<Dtype> {
 public:
  explicit PoolingLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom,
                          const vector<Blob<Dtype>*>& top);
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom,
                       const vector<Blob<Dtype>*>& top);

  virtual inline const char* type() const { return "Pooling"; }
  virtual inline int ExactNumBottomBlobs() const { return 1; }
  virtual inline int MinTopBlobs() const { return 1; }
  // MAX pooling may output its argmax mask as a second top.
  virtual inline int MaxTopBlobs() const {
    return (this->layer_param_.pooling_param().pool() == PoolingParameter_PoolMethod_MAX) ? 2
                                                                                         : 1;
  }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                           const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top,
                            const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);

  int kernel_h_, kernel_w_;
  int stride_h_, stride_w_;
  int pad_h_, pad_w_;
  int channels_;
  int height_, width_;
  int pooled_height_, pooled_width_;
  bool global_pooling_;
  PoolingParameter_RoundMode round_mode_;
  // STOCHASTIC: the chosen position of every window.
  Blob<Dtype> rand_idx_;
  // MAX with a single top: the argmax (h * width_ + w) of every window.
  Blob<int> max_idx_;
};

}  // namespace caffe

#endif  // CAFFE_POOLING_LAYER_HPP_
