// From PoolingLayer's per-sample, per-channel window copies (caffe_src/src/caffe/layers/
// pooling_layer.cpp) and the data transformer's random crop. Edit: an in-network random crop
// layer: in TRAIN each sample gets its own crop offsets, drawn with caffe_rng_rand() inside
// the batch loop, then its crop_size_ x crop_size_ window is copied channel by channel.
// caffe_rng_rand() draws from Caffe's global generator: the offsets of sample n depend on
// the draws of the samples before it, and parallel draws race on the generator.
// CGP-MUTANT-PARAM: transform_param { crop_size: 2 }
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutBRandomCropLayer : public Layer<Dtype> {
 public:
  explicit MutBRandomCropLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom,
                          const vector<Blob<Dtype>*>& top) {
    crop_size_ = this->layer_param_.transform_param().crop_size();
    CHECK_GT(crop_size_, 0);
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    channels_ = bottom[0]->channels();
    height_ = bottom[0]->height();
    width_ = bottom[0]->width();
    CHECK_LE(crop_size_, height_);
    CHECK_LE(crop_size_, width_);
    top[0]->Reshape(num_, channels_, crop_size_, crop_size_);
  }
  virtual inline const char* type() const { return "MutBRandomCrop"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int crop_size_;
  int num_;
  int channels_;
  int height_;
  int width_;
};

template <typename Dtype>
void MutBRandomCropLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                             const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const bool random = this->phase_ == TRAIN;
  // CGP-MUTANT: unsafe class=rng reason=rng
  for (int n = 0; n < num_; ++n) {
    int h_off = (height_ - crop_size_) / 2;
    int w_off = (width_ - crop_size_) / 2;
    if (random) {
      h_off = caffe_rng_rand() % (height_ - crop_size_ + 1);
      w_off = caffe_rng_rand() % (width_ - crop_size_ + 1);
    }
    for (int c = 0; c < channels_; ++c) {
      for (int h = 0; h < crop_size_; ++h) {
        caffe_copy(crop_size_, bottom_data + bottom[0]->offset(n, c, h + h_off, w_off),
                   top_data + top[0]->offset(n, c, h));
      }
    }
  }
}

INSTANTIATE_CLASS(MutBRandomCropLayer);
REGISTER_LAYER_CLASS(MutBRandomCrop);

}  // namespace caffe
