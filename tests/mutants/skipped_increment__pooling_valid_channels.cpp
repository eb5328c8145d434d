// From caffe_src's PoolingLayer, AVE method (per sample, per channel; the plane pointers are
// advanced by one channel at the end of the channel loop).
// Edit: a second bottom gives each sample's number of valid channels, and the channel loop
// `break`s at the first invalid one. The break skips the remaining channels' pointer
// advances, so after sample n the pointers have moved by the sum of the earlier samples'
// valid channel counts, not by n * channels: the induction has no closed form in n.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutValidChannelPoolingLayer : public Layer<Dtype> {
 public:
  explicit MutValidChannelPoolingLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const PoolingParameter& pool_param = this->layer_param_.pooling_param();
    kernel_h_ = kernel_w_ = pool_param.kernel_size();
    stride_h_ = stride_w_ = pool_param.stride();
    CHECK_GT(kernel_h_, 0);
    CHECK_GT(stride_h_, 0);
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    CHECK_EQ(4, bottom[0]->num_axes());
    CHECK_EQ(bottom[0]->num(), bottom[1]->count()) << "one channel count per sample";
    channels_ = bottom[0]->channels();
    height_ = bottom[0]->height();
    width_ = bottom[0]->width();
    pooled_height_ = (height_ - kernel_h_) / stride_h_ + 1;
    pooled_width_ = (width_ - kernel_w_) / stride_w_ + 1;
    top[0]->Reshape(bottom[0]->num(), channels_, pooled_height_, pooled_width_);
  }
  virtual inline const char* type() const { return "MutValidChannelPooling"; }
  virtual inline int ExactNumBottomBlobs() const { return 2; }
  virtual inline int ExactNumTopBlobs() const { return 1; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int kernel_h_, kernel_w_, stride_h_, stride_w_;
  int channels_, height_, width_, pooled_height_, pooled_width_;
};

template <typename Dtype>
void MutValidChannelPoolingLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                     const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* valid = bottom[1]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), top_data);
  // CGP-MUTANT: unsafe class=skipped-increment reason=unprovable-induction
  for (int n = 0; n < bottom[0]->num(); ++n) {
    const int valid_channels = static_cast<int>(valid[n]);
    for (int c = 0; c < channels_; ++c) {
      if (c >= valid_channels) break;  // the rest of this sample is padding
      for (int ph = 0; ph < pooled_height_; ++ph) {
        const int hstart = ph * stride_h_;
        const int hend = std::min(hstart + kernel_h_, height_);
        for (int pw = 0; pw < pooled_width_; ++pw) {
          const int wstart = pw * stride_w_;
          const int wend = std::min(wstart + kernel_w_, width_);
          Dtype sum = 0;
          for (int h = hstart; h < hend; ++h) {
            for (int w = wstart; w < wend; ++w) {
              sum += bottom_data[h * width_ + w];
            }
          }
          top_data[ph * pooled_width_ + pw] = sum / ((hend - hstart) * (wend - wstart));
        }
      }
      // Next channel.
      bottom_data += bottom[0]->offset(0, 1);
      top_data += top[0]->offset(0, 1);
    }
  }
}

INSTANTIATE_CLASS(MutValidChannelPoolingLayer);
REGISTER_LAYER_CLASS(MutValidChannelPooling);

}  // namespace caffe
