// Local response normalization, across channels or within each channel.
#include <vector>

#include "caffe/layers/lrn_layer.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
void LRNLayer<Dtype>::LayerSetUp(const vector<Blob<Dtype>*>& bottom,
                                 const vector<Blob<Dtype>*>& top) {
  const LRNParameter& lrn_param = this->layer_param_.lrn_param();
  size_ = lrn_param.local_size();
  CHECK_EQ(size_ % 2, 1) << "local_size must be odd so the window has a centre";
  pre_pad_ = (size_ - 1) / 2;
  alpha_ = lrn_param.alpha();
  beta_ = lrn_param.beta();
  k_ = lrn_param.k();
  if (lrn_param.norm_region() == LRNParameter_NormRegion_WITHIN_CHANNEL) {
    // bottom is used twice: once squared into the denominator, once as the numerator.
    split_top_vec_.clear();
    split_top_vec_.push_back(&product_input_);
    split_top_vec_.push_back(&square_input_);
    LayerParameter split_param;
    split_layer_.reset(new SplitLayer<Dtype>(split_param));
    split_layer_->SetUp(bottom, split_top_vec_);

    // x^2
    square_bottom_vec_.clear();
    square_top_vec_.clear();
    square_bottom_vec_.push_back(&square_input_);
    square_top_vec_.push_back(&square_output_);
    LayerParameter square_param;
    square_param.mutable_power_param()->set_power(Dtype(2));
    square_param.mutable_power_param()->set_scale(Dtype(1));
    square_param.mutable_power_param()->set_shift(Dtype(0));
    square_layer_.reset(new PowerLayer<Dtype>(square_param));
    square_layer_->SetUp(square_bottom_vec_, square_top_vec_);

    // Mean of x^2 over the size x size neighbourhood (zero padded, so the
    // divisor is always size^2 and the output keeps the input's size).
    pool_top_vec_.clear();
    pool_top_vec_.push_back(&pool_output_);
    LayerParameter pool_param;
    pool_param.mutable_pooling_param()->set_pool(PoolingParameter_PoolMethod_AVE);
    pool_param.mutable_pooling_param()->set_pad(pre_pad_);
    pool_param.mutable_pooling_param()->set_kernel_size(size_);
    pool_param.mutable_pooling_param()->set_stride(1);
    pool_layer_.reset(new PoolingLayer<Dtype>(pool_param));
    pool_layer_->SetUp(square_top_vec_, pool_top_vec_);

    // (k + alpha * mean)^-beta
    power_top_vec_.clear();
    power_top_vec_.push_back(&power_output_);
    LayerParameter power_param;
    power_param.mutable_power_param()->set_power(-beta_);
    power_param.mutable_power_param()->set_scale(alpha_);
    power_param.mutable_power_param()->set_shift(k_);
    power_layer_.reset(new PowerLayer<Dtype>(power_param));
    power_layer_->SetUp(pool_top_vec_, power_top_vec_);

    // x * (k + alpha * mean)^-beta
    product_bottom_vec_.clear();
    product_bottom_vec_.push_back(&product_input_);
    product_bottom_vec_.push_back(&power_output_);
    LayerParameter product_param;
    product_param.mutable_eltwise_param()->set_operation(EltwiseParameter_EltwiseOp_PROD);
    product_layer_.reset(new EltwiseLayer<Dtype>(product_param));
    product_layer_->SetUp(product_bottom_vec_, top);
  }
}

template <typename Dtype>
void LRNLayer<Dtype>::Reshape(const vector<Blob<Dtype>*>& bottom,
                              const vector<Blob<Dtype>*>& top) {
  CHECK_EQ(4, bottom[0]->num_axes()) << "LRN expects num x channels x height x width input";
  num_ = bottom[0]->num();
  channels_ = bottom[0]->channels();
  height_ = bottom[0]->height();
  width_ = bottom[0]->width();
  switch (this->layer_param_.lrn_param().norm_region()) {
    case LRNParameter_NormRegion_ACROSS_CHANNELS:
      top[0]->Reshape(num_, channels_, height_, width_);
      scale_.Reshape(num_, channels_, height_, width_);
      break;
    case LRNParameter_NormRegion_WITHIN_CHANNEL:
      split_layer_->Reshape(bottom, split_top_vec_);
      square_layer_->Reshape(square_bottom_vec_, square_top_vec_);
      pool_layer_->Reshape(square_top_vec_, pool_top_vec_);
      power_layer_->Reshape(pool_top_vec_, power_top_vec_);
      product_layer_->Reshape(product_bottom_vec_, top);
      break;
    default:
      LOG(FATAL) << "unsupported norm_region.";
  }
}

template <typename Dtype>
void LRNLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                  const vector<Blob<Dtype>*>& top) {
  switch (this->layer_param_.lrn_param().norm_region()) {
    case LRNParameter_NormRegion_ACROSS_CHANNELS:
      CrossChannelForward_cpu(bottom, top);
      break;
    case LRNParameter_NormRegion_WITHIN_CHANNEL:
      WithinChannelForward(bottom, top);
      break;
    default:
      LOG(FATAL) << "unsupported norm_region.";
  }
}

template <typename Dtype>
void LRNLayer<Dtype>::CrossChannelForward_cpu(const vector<Blob<Dtype>*>& bottom,
                                              const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* scale_data = scale_.mutable_cpu_data();
  const int plane = height_ * width_;
  const Dtype alpha_over_size = alpha_ / size_;
  // Squares of one sample, with pre_pad_ zero channels in front and
  // size_ - 1 - pre_pad_ behind, so every channel window is in range.
  Blob<Dtype> padded_square(1, channels_ + size_ - 1, height_, width_);
  Dtype* padded_square_data = padded_square.mutable_cpu_data();
  caffe_set(padded_square.count(), Dtype(0), padded_square_data);
  for (int n = 0; n < num_; ++n) {
    caffe_sqr(channels_ * plane, bottom_data + bottom[0]->offset(n),
              padded_square_data + padded_square.offset(0, pre_pad_));
    // Channel 0: k plus the first window.
    caffe_set(plane, k_, scale_data + scale_.offset(n, 0));
    for (int c = 0; c < size_; ++c) {
      caffe_axpy<Dtype>(plane, alpha_over_size, padded_square_data + padded_square.offset(0, c),
                        scale_data + scale_.offset(n, 0));
    }
    // Later channels: slide the window by one channel.
    for (int c = 1; c < channels_; ++c) {
      caffe_copy<Dtype>(plane, scale_data + scale_.offset(n, c - 1),
                        scale_data + scale_.offset(n, c));
      caffe_axpy<Dtype>(plane, alpha_over_size,
                        padded_square_data + padded_square.offset(0, c + size_ - 1),
                        scale_data + scale_.offset(n, c));
      caffe_axpy<Dtype>(plane, -alpha_over_size,
                        padded_square_data + padded_square.offset(0, c - 1),
                        scale_data + scale_.offset(n, c));
    }
  }
  // y = x * scale^-beta
  caffe_powx<Dtype>(scale_.count(), scale_data, -beta_, top_data);
  caffe_mul<Dtype>(scale_.count(), top_data, bottom_data, top_data);
}

template <typename Dtype>
void LRNLayer<Dtype>::WithinChannelForward(const vector<Blob<Dtype>*>& bottom,
                                           const vector<Blob<Dtype>*>& top) {
  split_layer_->Forward(bottom, split_top_vec_);
  square_layer_->Forward(square_bottom_vec_, square_top_vec_);
  pool_layer_->Forward(square_top_vec_, pool_top_vec_);
  power_layer_->Forward(pool_top_vec_, power_top_vec_);
  product_layer_->Forward(product_bottom_vec_, top);
}

template <typename Dtype>
void LRNLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
                                   const vector<bool>& propagate_down,
                                   const vector<Blob<Dtype>*>& bottom) {
  switch (this->layer_param_.lrn_param().norm_region()) {
    case LRNParameter_NormRegion_ACROSS_CHANNELS:
      CrossChannelBackward_cpu(top, propagate_down, bottom);
      break;
    case LRNParameter_NormRegion_WITHIN_CHANNEL:
      WithinChannelBackward(top, propagate_down, bottom);
      break;
    default:
      LOG(FATAL) << "unsupported norm_region.";
  }
}

// With s_i = k + alpha/size * sum_{j in W(i)} x_j^2 and y_i = x_i * s_i^-beta:
//   dE/dx_j = dE/dy_j * s_j^-beta
//             - 2 * alpha * beta / size * x_j * sum_{i : j in W(i)} dE/dy_i * y_i / s_i
template <typename Dtype>
void LRNLayer<Dtype>::CrossChannelBackward_cpu(const vector<Blob<Dtype>*>& top,
                                               const vector<bool>& propagate_down,
                                               const vector<Blob<Dtype>*>& bottom) {
  if (!propagate_down[0]) {
    return;
  }
  const Dtype* top_diff = top[0]->cpu_diff();
  const Dtype* top_data = top[0]->cpu_data();
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* scale_data = scale_.cpu_data();
  Dtype* bottom_diff = bottom[0]->mutable_cpu_diff();
  const int plane = height_ * width_;
  // Ratios dE/dy_i * y_i / s_i of one sample; channel i sits at padded index
  // i + post_pad so that the windows containing channel j cover padded
  // indices j .. j + size_ - 1.
  const int post_pad = size_ - 1 - pre_pad_;
  Blob<Dtype> padded_ratio(1, channels_ + size_ - 1, height_, width_);
  Blob<Dtype> accum_ratio(1, 1, height_, width_);
  Dtype* padded_ratio_data = padded_ratio.mutable_cpu_data();
  Dtype* accum_ratio_data = accum_ratio.mutable_cpu_data();
  // Scratch for x_j * accumulated ratio.
  Dtype* accum_ratio_times_bottom = accum_ratio.mutable_cpu_diff();
  caffe_set(padded_ratio.count(), Dtype(0), padded_ratio_data);
  const Dtype cache_ratio_value = Dtype(2) * alpha_ * beta_ / size_;

  // First term for the whole batch: dE/dy * s^-beta.
  caffe_powx<Dtype>(scale_.count(), scale_data, -beta_, bottom_diff);
  caffe_mul<Dtype>(scale_.count(), top_diff, bottom_diff, bottom_diff);

  for (int n = 0; n < num_; ++n) {
    const int block_offset = scale_.offset(n);
    Dtype* ratio_block = padded_ratio_data + padded_ratio.offset(0, post_pad);
    caffe_mul<Dtype>(channels_ * plane, top_diff + block_offset, top_data + block_offset,
                     ratio_block);
    caffe_div<Dtype>(channels_ * plane, ratio_block, scale_data + block_offset, ratio_block);
    // Running sum of the ratios over the window of channel 0 (minus its last).
    caffe_set(accum_ratio.count(), Dtype(0), accum_ratio_data);
    for (int c = 0; c < size_ - 1; ++c) {
      caffe_axpy<Dtype>(plane, Dtype(1), padded_ratio_data + padded_ratio.offset(0, c),
                        accum_ratio_data);
    }
    for (int c = 0; c < channels_; ++c) {
      caffe_axpy<Dtype>(plane, Dtype(1),
                        padded_ratio_data + padded_ratio.offset(0, c + size_ - 1),
                        accum_ratio_data);
      caffe_mul<Dtype>(plane, bottom_data + top[0]->offset(n, c), accum_ratio_data,
                       accum_ratio_times_bottom);
      caffe_axpy<Dtype>(plane, -cache_ratio_value, accum_ratio_times_bottom,
                        bottom_diff + top[0]->offset(n, c));
      caffe_axpy<Dtype>(plane, Dtype(-1), padded_ratio_data + padded_ratio.offset(0, c),
                        accum_ratio_data);
    }
  }
}

template <typename Dtype>
void LRNLayer<Dtype>::WithinChannelBackward(const vector<Blob<Dtype>*>& top,
                                            const vector<bool>& propagate_down,
                                            const vector<Blob<Dtype>*>& bottom) {
  if (propagate_down[0]) {
    vector<bool> product_propagate_down(2, true);
    product_layer_->Backward(top, product_propagate_down, product_bottom_vec_);
    power_layer_->Backward(power_top_vec_, propagate_down, pool_top_vec_);
    pool_layer_->Backward(pool_top_vec_, propagate_down, square_top_vec_);
    square_layer_->Backward(square_top_vec_, propagate_down, square_bottom_vec_);
    split_layer_->Backward(split_top_vec_, propagate_down, bottom);
  }
}

INSTANTIATE_CLASS(LRNLayer);
REGISTER_LAYER_CLASS(LRN);

}  // namespace caffe
