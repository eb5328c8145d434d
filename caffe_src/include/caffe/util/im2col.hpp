// im2col unrolls the receptive fields of one image into the columns of a matrix so
// that a convolution becomes one gemm; col2im adds the columns back into the image.
#ifndef CAFFE_UTIL_IM2COL_HPP_
#define CAFFE_UTIL_IM2COL_HPP_

namespace caffe {

template <typename Dtype>
void im2col_cpu(const Dtype* data_im, const int channels, const int height, const int width,
                const int kernel_h, const int kernel_w, const int pad_h, const int pad_w,
                const int stride_h, const int stride_w, const int dilation_h,
                const int dilation_w, Dtype* data_col);

template <typename Dtype>
void im2col_nd_cpu(const Dtype* data_im, const int num_spatial_axes, const int* im_shape,
                   const int* col_shape, const int* kernel_shape, const int* pad,
                   const int* stride, const int* dilation, Dtype* data_col);

// Overwrites data_im (it is zeroed first), then accumulates the columns into it.
template <typename Dtype>
void col2im_cpu(const Dtype* data_col, const int channels, const int height, const int width,
                const int kernel_h, const int kernel_w, const int pad_h, const int pad_w,
                const int stride_h, const int stride_w, const int dilation_h,
                const int dilation_w, Dtype* data_im);

template <typename Dtype>
void col2im_nd_cpu(const Dtype* data_col, const int num_spatial_axes, const int* im_shape,
                   const int* col_shape, const int* kernel_shape, const int* pad,
                   const int* stride, const int* dilation, Dtype* data_im);

}  // namespace caffe

#endif  // CAFFE_UTIL_IM2COL_HPP_
