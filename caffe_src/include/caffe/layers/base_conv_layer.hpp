// BaseConvolutionLayer: the shared machinery of Convolution and Deconvolution.
// Each sample is lowered with im2col into col_buffer_ and multiplied with the
// filters by one gemm per group; the gradients use the transposed products and
// col2im. Subclasses say which way the spatial shapes go (reverse_dimensions)
// and how big the output is (compute_output_shape).
#ifndef CAFFE_BASE_CONVOLUTION_LAYER_HPP_
#define CAFFE_BASE_CONVOLUTION_LAYER_HPP_

#include <vector>

#include "caffe/blob.hpp"
#include "caffe/layer.hpp"
#include "caffe/proto/caffe.pb.h"
#include "caffe/util/im2col.hpp"

namespace caffe {

template <typename Dtype>
class BaseConvolutionLayer : public Layer<Dtype> {
 public:
  explicit BaseConvolutionLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom,
                          const vector<Blob<Dtype>*>& top);
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom,
                       const vector<Blob<Dtype>*>& top);

  virtual inline int MinBottomBlobs() const { return 1; }
  virtual inline int MinTopBlobs() const { return 1; }
  virtual inline bool EqualNumBottomTopBlobs() const { return true; }

 protected:
  // Per-sample building blocks; "input"/"output" follow the forward direction
  // of a convolution (for a deconvolution the roles are swapped by the caller).
  void forward_cpu_gemm(const Dtype* input, const Dtype* weights, Dtype* output,
                        bool skip_im2col = false);
  void forward_cpu_bias(Dtype* output, const Dtype* bias);
  void backward_cpu_gemm(const Dtype* input, const Dtype* weights, Dtype* output);
  void weight_cpu_gemm(const Dtype* input, const Dtype* output, Dtype* weights);
  void backward_cpu_bias(Dtype* bias, const Dtype* input);

  // Size of spatial axis i of the input (bottom) blob.
  inline int input_shape(int i) const {
    return (*bottom_shape_)[channel_axis_ + i];
  }
  // True for deconvolution: the im2col side is the top, not the bottom.
  virtual bool reverse_dimensions() = 0;
  // Fills output_shape_ with the spatial output dimensions.
  virtual void compute_output_shape() = 0;

  Blob<int> kernel_shape_;
  Blob<int> stride_;
  Blob<int> pad_;
  Blob<int> dilation_;
  // Channels followed by the spatial dims of the image that im2col reads.
  Blob<int> conv_input_shape_;
  vector<int> col_buffer_shape_;
  vector<int> output_shape_;
  const vector<int>* bottom_shape_;

  int num_spatial_axes_;
  int bottom_dim_;
  int top_dim_;

  int channel_axis_;
  int num_;
  int channels_;
  int group_;
  int out_spatial_dim_;
  int weight_offset_;
  int num_output_;
  bool bias_term_;
  bool is_1x1_;
  bool force_nd_im2col_;

 private:
  inline void conv_im2col_cpu(const Dtype* data, Dtype* col_buff) {
    if (!force_nd_im2col_ && num_spatial_axes_ == 2) {
      const int* kernel = kernel_shape_.cpu_data();
      const int* pad = pad_.cpu_data();
      const int* stride = stride_.cpu_data();
      const int* dilation = dilation_.cpu_data();
      const int* in_shape = conv_input_shape_.cpu_data();
      im2col_cpu(data, conv_in_channels_, in_shape[1], in_shape[2],
                 kernel[0], kernel[1], pad[0], pad[1], stride[0], stride[1],
                 dilation[0], dilation[1], col_buff);
    } else {
      im2col_nd_cpu(data, num_spatial_axes_, conv_input_shape_.cpu_data(),
                    col_buffer_shape_.data(), kernel_shape_.cpu_data(),
                    pad_.cpu_data(), stride_.cpu_data(), dilation_.cpu_data(), col_buff);
    }
  }
  inline void conv_col2im_cpu(const Dtype* col_buff, Dtype* data) {
    if (!force_nd_im2col_ && num_spatial_axes_ == 2) {
      const int* kernel = kernel_shape_.cpu_data();
      const int* pad = pad_.cpu_data();
      const int* stride = stride_.cpu_data();
      const int* dilation = dilation_.cpu_data();
      const int* in_shape = conv_input_shape_.cpu_data();
      col2im_cpu(col_buff, conv_in_channels_, in_shape[1], in_shape[2],
                 kernel[0], kernel[1], pad[0], pad[1], stride[0], stride[1],
                 dilation[0], dilation[1], data);
    } else {
      col2im_nd_cpu(col_buff, num_spatial_axes_, conv_input_shape_.cpu_data(),
                    col_buffer_shape_.data(), kernel_shape_.cpu_data(),
                    pad_.cpu_data(), stride_.cpu_data(), dilation_.cpu_data(), data);
    }
  }

  int num_kernels_im2col_;
  int num_kernels_col2im_;
  int conv_out_channels_;
  int conv_in_channels_;
  int conv_out_spatial_dim_;
  int kernel_dim_;
  int col_offset_;
  int output_offset_;

  // im2col scratch, one sample at a time, reused by every sample.
  Blob<Dtype> col_buffer_;
  Blob<Dtype> bias_multiplier_;
};

}  // namespace caffe

#endif  // CAFFE_BASE_CONVOLUTION_LAYER_HPP_
