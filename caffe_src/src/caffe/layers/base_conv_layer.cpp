// Shared set-up, shape logic and per-sample gemm helpers of the convolution layers.
#include <algorithm>
#include <vector>

#include "caffe/filler.hpp"
#include "caffe/layers/base_conv_layer.hpp"
#include "caffe/util/im2col.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

namespace {

// Reads one per-axis setting of ConvolutionParameter into dst (num_axes values).
// The setting comes either from the _h/_w pair (2-D only) or from the repeated
// field, which holds nothing (use fallback), one value for all axes, or one per axis.
void FillAxisSetting(const char* name, int num_axes, bool has_hw, int h, int w,
                     const ::google::protobuf::RepeatedField<uint32_t>& values,
                     int fallback, int* dst) {
  if (has_hw) {
    CHECK_EQ(num_axes, 2) << name << "_h/" << name << "_w apply to 2-D convolutions only.";
    CHECK_EQ(0, values.size()) << "give " << name << " or " << name << "_h/" << name
                               << "_w, not both.";
    dst[0] = h;
    dst[1] = w;
    return;
  }
  const int n = values.size();
  CHECK(n == 0 || n == 1 || n == num_axes)
      << name << " needs 1 value or 1 per spatial axis (" << num_axes << "), got " << n;
  for (int i = 0; i < num_axes; ++i) {
    dst[i] = (n == 0) ? fallback : static_cast<int>(values.Get(n == 1 ? 0 : i));
  }
}

}  // namespace

template <typename Dtype>
void BaseConvolutionLayer<Dtype>::LayerSetUp(const vector<Blob<Dtype>*>& bottom,
                                             const vector<Blob<Dtype>*>& top) {
  const ConvolutionParameter& conv_param = this->layer_param_.convolution_param();
  force_nd_im2col_ = conv_param.force_nd_im2col();
  channel_axis_ = bottom[0]->CanonicalAxisIndex(conv_param.axis());
  const int first_spatial_axis = channel_axis_ + 1;
  const int num_axes = bottom[0]->num_axes();
  num_spatial_axes_ = num_axes - first_spatial_axis;
  CHECK_GE(num_spatial_axes_, 0);
  const vector<int> spatial_dim_blob_shape(1, std::max(num_spatial_axes_, 1));

  // Kernel size: required, either kernel_size or kernel_h/kernel_w.
  kernel_shape_.Reshape(spatial_dim_blob_shape);
  int* kernel_shape_data = kernel_shape_.mutable_cpu_data();
  const bool has_kernel_hw = conv_param.has_kernel_h() || conv_param.has_kernel_w();
  if (has_kernel_hw) {
    CHECK(conv_param.has_kernel_h() && conv_param.has_kernel_w())
        << "kernel_h and kernel_w must both be given.";
  } else {
    CHECK_GT(conv_param.kernel_size_size(), 0) << "kernel_size or kernel_h/kernel_w is required.";
  }
  FillAxisSetting("kernel", num_spatial_axes_, has_kernel_hw, conv_param.kernel_h(),
                  conv_param.kernel_w(), conv_param.kernel_size(), 0, kernel_shape_data);
  for (int i = 0; i < num_spatial_axes_; ++i) {
    CHECK_GT(kernel_shape_data[i], 0) << "kernel sizes must be positive.";
  }

  // Stride: default 1.
  stride_.Reshape(spatial_dim_blob_shape);
  int* stride_data = stride_.mutable_cpu_data();
  const bool has_stride_hw = conv_param.has_stride_h() || conv_param.has_stride_w();
  if (has_stride_hw) {
    CHECK(conv_param.has_stride_h() && conv_param.has_stride_w())
        << "stride_h and stride_w must both be given.";
  }
  FillAxisSetting("stride", num_spatial_axes_, has_stride_hw, conv_param.stride_h(),
                  conv_param.stride_w(), conv_param.stride(), 1, stride_data);
  for (int i = 0; i < num_spatial_axes_; ++i) {
    CHECK_GT(stride_data[i], 0) << "strides must be positive.";
  }

  // Padding: default 0.
  pad_.Reshape(spatial_dim_blob_shape);
  int* pad_data = pad_.mutable_cpu_data();
  const bool has_pad_hw = conv_param.has_pad_h() || conv_param.has_pad_w();
  FillAxisSetting("pad", num_spatial_axes_, has_pad_hw, conv_param.pad_h(), conv_param.pad_w(),
                  conv_param.pad(), 0, pad_data);

  // Dilation: default 1.
  dilation_.Reshape(spatial_dim_blob_shape);
  int* dilation_data = dilation_.mutable_cpu_data();
  FillAxisSetting("dilation", num_spatial_axes_, false, 0, 0, conv_param.dilation(), 1,
                  dilation_data);

  // A 1x1 kernel with unit stride and no padding needs no im2col at all.
  is_1x1_ = true;
  for (int i = 0; i < num_spatial_axes_; ++i) {
    if (!(kernel_shape_data[i] == 1 && stride_data[i] == 1 && pad_data[i] == 0)) {
      is_1x1_ = false;
      break;
    }
  }

  channels_ = bottom[0]->shape(channel_axis_);
  num_output_ = this->layer_param_.convolution_param().num_output();
  CHECK_GT(num_output_, 0);
  group_ = this->layer_param_.convolution_param().group();
  CHECK_GT(group_, 0);
  CHECK_EQ(channels_ % group_, 0);
  CHECK_EQ(num_output_ % group_, 0) << "num_output must be divisible by group.";
  if (reverse_dimensions()) {
    conv_out_channels_ = channels_;
    conv_in_channels_ = num_output_;
  } else {
    conv_out_channels_ = num_output_;
    conv_in_channels_ = channels_;
  }

  // blobs_[0]: filters, conv_out_channels_ x (conv_in_channels_ / group_) x kernel...
  // blobs_[1]: biases, num_output_ (optional).
  vector<int> weight_shape(2);
  weight_shape[0] = conv_out_channels_;
  weight_shape[1] = conv_in_channels_ / group_;
  for (int i = 0; i < num_spatial_axes_; ++i) weight_shape.push_back(kernel_shape_data[i]);
  bias_term_ = this->layer_param_.convolution_param().bias_term();
  vector<int> bias_shape(bias_term_, num_output_);
  if (this->blobs_.size() > 0) {
    CHECK_EQ(1 + bias_term_, this->blobs_.size()) << "unexpected number of parameter blobs.";
    Blob<Dtype> expected_weights(weight_shape);
    CHECK(this->blobs_[0]->shape() == weight_shape)
        << "filter blob is " << this->blobs_[0]->shape_string() << ", the layer needs "
        << expected_weights.shape_string();
    if (bias_term_) {
      CHECK(this->blobs_[1]->shape() == bias_shape)
          << "bias blob must hold " << num_output_ << " values, it is "
          << this->blobs_[1]->shape_string();
    }
    LOG(INFO) << "Parameters given: not filling them.";
  } else {
    this->blobs_.resize(bias_term_ ? 2 : 1);
    this->blobs_[0].reset(new Blob<Dtype>(weight_shape));
    shared_ptr<Filler<Dtype> > weight_filler(
        GetFiller<Dtype>(this->layer_param_.convolution_param().weight_filler()));
    weight_filler->Fill(this->blobs_[0].get());
    if (bias_term_) {
      this->blobs_[1].reset(new Blob<Dtype>(bias_shape));
      shared_ptr<Filler<Dtype> > bias_filler(
          GetFiller<Dtype>(this->layer_param_.convolution_param().bias_filler()));
      bias_filler->Fill(this->blobs_[1].get());
    }
  }
  kernel_dim_ = this->blobs_[0]->count(1);
  weight_offset_ = conv_out_channels_ * kernel_dim_ / group_;
  this->param_propagate_down_.resize(this->blobs_.size(), true);
}

template <typename Dtype>
void BaseConvolutionLayer<Dtype>::Reshape(const vector<Blob<Dtype>*>& bottom,
                                          const vector<Blob<Dtype>*>& top) {
  const int first_spatial_axis = channel_axis_ + 1;
  CHECK_EQ(bottom[0]->num_axes(), first_spatial_axis + num_spatial_axes_)
      << "the number of input axes changed after set-up.";
  num_ = bottom[0]->count(0, channel_axis_);
  CHECK_EQ(bottom[0]->shape(channel_axis_), channels_)
      << "input channel count changed after set-up.";
  for (int bottom_id = 1; bottom_id < static_cast<int>(bottom.size()); ++bottom_id) {
    CHECK(bottom[0]->shape() == bottom[bottom_id]->shape())
        << "all inputs need one shape: " << bottom[0]->shape_string() << " and "
        << bottom[bottom_id]->shape_string();
  }
  bottom_shape_ = &bottom[0]->shape();
  compute_output_shape();
  vector<int> top_shape(bottom[0]->shape().begin(),
                        bottom[0]->shape().begin() + channel_axis_);
  top_shape.push_back(num_output_);
  for (int i = 0; i < num_spatial_axes_; ++i) top_shape.push_back(output_shape_[i]);
  for (int top_id = 0; top_id < static_cast<int>(top.size()); ++top_id) {
    top[top_id]->Reshape(top_shape);
  }
  if (reverse_dimensions()) {
    conv_out_spatial_dim_ = bottom[0]->count(first_spatial_axis);
  } else {
    conv_out_spatial_dim_ = top[0]->count(first_spatial_axis);
  }
  col_offset_ = kernel_dim_ * conv_out_spatial_dim_;
  output_offset_ = conv_out_channels_ * conv_out_spatial_dim_ / group_;

  // The image that im2col reads: channels then spatial dims.
  vector<int> bottom_dim_blob_shape(1, num_spatial_axes_ + 1);
  conv_input_shape_.Reshape(bottom_dim_blob_shape);
  int* conv_input_shape_data = conv_input_shape_.mutable_cpu_data();
  for (int i = 0; i < num_spatial_axes_ + 1; ++i) {
    conv_input_shape_data[i] = reverse_dimensions() ? top[0]->shape(channel_axis_ + i)
                                                    : bottom[0]->shape(channel_axis_ + i);
  }

  // One sample's columns: (kernel_dim_ * group_) x conv output spatial dims.
  col_buffer_shape_.clear();
  col_buffer_shape_.push_back(kernel_dim_ * group_);
  for (int i = 0; i < num_spatial_axes_; ++i) {
    col_buffer_shape_.push_back(reverse_dimensions() ? input_shape(i + 1) : output_shape_[i]);
  }
  col_buffer_.Reshape(col_buffer_shape_);

  bottom_dim_ = bottom[0]->count(channel_axis_);
  top_dim_ = top[0]->count(channel_axis_);
  num_kernels_im2col_ = conv_in_channels_ * conv_out_spatial_dim_;
  num_kernels_col2im_ = reverse_dimensions() ? top_dim_ : bottom_dim_;

  out_spatial_dim_ = top[0]->count(first_spatial_axis);
  if (bias_term_) {
    vector<int> bias_multiplier_shape(1, out_spatial_dim_);
    bias_multiplier_.Reshape(bias_multiplier_shape);
    caffe_set(bias_multiplier_.count(), Dtype(1), bias_multiplier_.mutable_cpu_data());
  }
}

template <typename Dtype>
void BaseConvolutionLayer<Dtype>::forward_cpu_gemm(const Dtype* input, const Dtype* weights,
                                                   Dtype* output, bool skip_im2col) {
  const Dtype* col_buff = input;
  if (!is_1x1_) {
    if (!skip_im2col) {
      conv_im2col_cpu(input, col_buffer_.mutable_cpu_data());
    }
    col_buff = col_buffer_.cpu_data();
  }
  for (int g = 0; g < group_; ++g) {
    caffe_cpu_gemm<Dtype>(CblasNoTrans, CblasNoTrans, conv_out_channels_ / group_,
                          conv_out_spatial_dim_, kernel_dim_, Dtype(1),
                          weights + weight_offset_ * g, col_buff + col_offset_ * g, Dtype(0),
                          output + output_offset_ * g);
  }
}

template <typename Dtype>
void BaseConvolutionLayer<Dtype>::forward_cpu_bias(Dtype* output, const Dtype* bias) {
  // output (num_output_ x out_spatial_dim_) += bias (column) * ones (row)
  caffe_cpu_gemm<Dtype>(CblasNoTrans, CblasNoTrans, num_output_, out_spatial_dim_, 1, Dtype(1),
                        bias, bias_multiplier_.cpu_data(), Dtype(1), output);
}

template <typename Dtype>
void BaseConvolutionLayer<Dtype>::backward_cpu_gemm(const Dtype* output, const Dtype* weights,
                                                    Dtype* input) {
  Dtype* col_buff = col_buffer_.mutable_cpu_data();
  if (is_1x1_) {
    col_buff = input;
  }
  for (int g = 0; g < group_; ++g) {
    caffe_cpu_gemm<Dtype>(CblasTrans, CblasNoTrans, kernel_dim_, conv_out_spatial_dim_,
                          conv_out_channels_ / group_, Dtype(1), weights + weight_offset_ * g,
                          output + output_offset_ * g, Dtype(0), col_buff + col_offset_ * g);
  }
  if (!is_1x1_) {
    conv_col2im_cpu(col_buff, input);
  }
}

template <typename Dtype>
void BaseConvolutionLayer<Dtype>::weight_cpu_gemm(const Dtype* input, const Dtype* output,
                                                  Dtype* weights) {
  const Dtype* col_buff = input;
  if (!is_1x1_) {
    conv_im2col_cpu(input, col_buffer_.mutable_cpu_data());
    col_buff = col_buffer_.cpu_data();
  }
  for (int g = 0; g < group_; ++g) {
    caffe_cpu_gemm<Dtype>(CblasNoTrans, CblasTrans, conv_out_channels_ / group_, kernel_dim_,
                          conv_out_spatial_dim_, Dtype(1), output + output_offset_ * g,
                          col_buff + col_offset_ * g, Dtype(1), weights + weight_offset_ * g);
  }
}

template <typename Dtype>
void BaseConvolutionLayer<Dtype>::backward_cpu_bias(Dtype* bias, const Dtype* input) {
  // bias += input (num_output_ x out_spatial_dim_) summed along each row
  caffe_cpu_gemv<Dtype>(CblasNoTrans, num_output_, out_spatial_dim_, Dtype(1), input,
                        bias_multiplier_.cpu_data(), Dtype(1), bias);
}

INSTANTIATE_CLASS(BaseConvolutionLayer);

}  // namespace caffe
