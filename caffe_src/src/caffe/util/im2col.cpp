// im2col / col2im for 2-D and N-D convolutions.
//
// Column layout (2-D): row (c * kernel_h + kh) * kernel_w + kw of the column
// matrix holds, for every output position (oh, ow), the input pixel
//   (c, oh * stride_h - pad_h + kh * dilation_h, ow * stride_w - pad_w + kw * dilation_w)
// or zero when that pixel falls in the padding.
#include <algorithm>
#include <cstring>
#include <vector>

#include "caffe/util/im2col.hpp"

#include "caffe/common.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

namespace {

// For a kernel tap whose first input column is `base` (may be negative), the
// output columns [*lo, *hi) read inside the image [0, width); outside of it they
// read padding. Computed once per tap so the inner loops carry no bounds tests.
inline void ValidOutputRange(const int base, const int stride, const int width,
                             const int output_w, int* lo, int* hi) {
  int first = 0;
  if (base < 0) first = (-base + stride - 1) / stride;
  int last = 0;  // one past the last valid output column
  if (width - base > 0) last = (width - base + stride - 1) / stride;
  last = std::min(last, output_w);
  first = std::min(first, last);
  *lo = first;
  *hi = last;
}

inline int ConvOutputSize(const int size, const int kernel, const int pad, const int stride,
                          const int dilation) {
  const int extent = dilation * (kernel - 1) + 1;
  return (size + 2 * pad - extent) / stride + 1;
}

}  // namespace

template <typename Dtype>
void im2col_cpu(const Dtype* data_im, const int channels, const int height, const int width,
                const int kernel_h, const int kernel_w, const int pad_h, const int pad_w,
                const int stride_h, const int stride_w, const int dilation_h,
                const int dilation_w, Dtype* data_col) {
  const int output_h = ConvOutputSize(height, kernel_h, pad_h, stride_h, dilation_h);
  const int output_w = ConvOutputSize(width, kernel_w, pad_w, stride_w, dilation_w);
  const int channel_size = height * width;
  for (int channel = 0; channel < channels; ++channel, data_im += channel_size) {
    for (int kernel_row = 0; kernel_row < kernel_h; ++kernel_row) {
      for (int kernel_col = 0; kernel_col < kernel_w; ++kernel_col) {
        const int col_base = kernel_col * dilation_w - pad_w;
        int w_lo, w_hi;
        ValidOutputRange(col_base, stride_w, width, output_w, &w_lo, &w_hi);
        int input_row = kernel_row * dilation_h - pad_h;
        for (int output_row = 0; output_row < output_h;
             ++output_row, input_row += stride_h, data_col += output_w) {
          if (static_cast<unsigned>(input_row) >= static_cast<unsigned>(height)) {
            std::memset(data_col, 0, sizeof(Dtype) * output_w);
            continue;
          }
          const Dtype* src_row = data_im + input_row * width;
          for (int w = 0; w < w_lo; ++w) data_col[w] = Dtype(0);
          if (stride_w == 1) {
            if (w_hi > w_lo) {
              std::memcpy(data_col + w_lo, src_row + (col_base + w_lo),
                          sizeof(Dtype) * (w_hi - w_lo));
            }
          } else {
            for (int w = w_lo; w < w_hi; ++w) data_col[w] = src_row[col_base + w * stride_w];
          }
          for (int w = w_hi; w < output_w; ++w) data_col[w] = Dtype(0);
        }
      }
    }
  }
}

template void im2col_cpu<float>(const float* data_im, const int channels, const int height,
                                const int width, const int kernel_h, const int kernel_w,
                                const int pad_h, const int pad_w, const int stride_h,
                                const int stride_w, const int dilation_h, const int dilation_w,
                                float* data_col);
template void im2col_cpu<double>(const double* data_im, const int channels, const int height,
                                 const int width, const int kernel_h, const int kernel_w,
                                 const int pad_h, const int pad_w, const int stride_h,
                                 const int stride_w, const int dilation_h,
                                 const int dilation_w, double* data_col);

template <typename Dtype>
void col2im_cpu(const Dtype* data_col, const int channels, const int height, const int width,
                const int kernel_h, const int kernel_w, const int pad_h, const int pad_w,
                const int stride_h, const int stride_w, const int dilation_h,
                const int dilation_w, Dtype* data_im) {
  caffe_set(height * width * channels, Dtype(0), data_im);
  const int output_h = ConvOutputSize(height, kernel_h, pad_h, stride_h, dilation_h);
  const int output_w = ConvOutputSize(width, kernel_w, pad_w, stride_w, dilation_w);
  const int channel_size = height * width;
  for (int channel = 0; channel < channels; ++channel, data_im += channel_size) {
    for (int kernel_row = 0; kernel_row < kernel_h; ++kernel_row) {
      for (int kernel_col = 0; kernel_col < kernel_w; ++kernel_col) {
        const int col_base = kernel_col * dilation_w - pad_w;
        int w_lo, w_hi;
        ValidOutputRange(col_base, stride_w, width, output_w, &w_lo, &w_hi);
        int input_row = kernel_row * dilation_h - pad_h;
        for (int output_row = 0; output_row < output_h;
             ++output_row, input_row += stride_h, data_col += output_w) {
          if (static_cast<unsigned>(input_row) >= static_cast<unsigned>(height)) continue;
          Dtype* dst_row = data_im + input_row * width;
          if (stride_w == 1) {
            Dtype* dst = dst_row + (col_base + w_lo);
            const Dtype* src = data_col + w_lo;
            const int n = w_hi - w_lo;
            for (int w = 0; w < n; ++w) dst[w] += src[w];
          } else {
            for (int w = w_lo; w < w_hi; ++w) dst_row[col_base + w * stride_w] += data_col[w];
          }
        }
      }
    }
  }
}

template void col2im_cpu<float>(const float* data_col, const int channels, const int height,
                                const int width, const int kernel_h, const int kernel_w,
                                const int pad_h, const int pad_w, const int stride_h,
                                const int stride_w, const int dilation_h, const int dilation_w,
                                float* data_im);
template void col2im_cpu<double>(const double* data_col, const int channels, const int height,
                                 const int width, const int kernel_h, const int kernel_w,
                                 const int pad_h, const int pad_w, const int stride_h,
                                 const int stride_w, const int dilation_h,
                                 const int dilation_w, double* data_im);

namespace {

// Shared N-D walk. im_shape = [channels, spatial...], col_shape =
// [channels * prod(kernel), output spatial...]. With is_im2col the columns are
// written from the image; otherwise the image (zeroed first) accumulates them.
template <typename Dtype>
void Im2ColNdWalk(const Dtype* input, const bool is_im2col, const int num_spatial_axes,
                  const int* im_shape, const int* col_shape, const int* kernel_shape,
                  const int* pad, const int* stride, const int* dilation, Dtype* output) {
  if (!is_im2col) {
    int im_size = im_shape[0];
    for (int i = 0; i < num_spatial_axes; ++i) im_size *= im_shape[i + 1];
    caffe_set(im_size, Dtype(0), output);
  }
  int kernel_size = 1;
  int col_spatial = 1;
  int im_spatial = 1;
  for (int i = 0; i < num_spatial_axes; ++i) {
    kernel_size *= kernel_shape[i];
    col_spatial *= col_shape[i + 1];
    im_spatial *= im_shape[i + 1];
  }
  const int channels_col = col_shape[0];
  std::vector<int> kernel_offset(num_spatial_axes, 0);
  std::vector<int> out_pos(num_spatial_axes, 0);
  for (int c_col = 0; c_col < channels_col; ++c_col) {
    // Decompose c_col into (image channel, kernel tap), the last axis fastest.
    int rem = c_col;
    for (int i = num_spatial_axes - 1; i >= 0; --i) {
      kernel_offset[i] = rem % kernel_shape[i];
      rem /= kernel_shape[i];
    }
    const int c_im = c_col / kernel_size;
    const Dtype* im_channel_in = is_im2col ? input + static_cast<size_t>(c_im) * im_spatial
                                           : nullptr;
    Dtype* im_channel_out = is_im2col ? nullptr
                                      : output + static_cast<size_t>(c_im) * im_spatial;
    std::fill(out_pos.begin(), out_pos.end(), 0);
    for (int col_index = 0; col_index < col_spatial; ++col_index) {
      bool inside = true;
      int im_index = 0;
      for (int i = 0; i < num_spatial_axes; ++i) {
        const int pos = out_pos[i] * stride[i] - pad[i] + kernel_offset[i] * dilation[i];
        if (pos < 0 || pos >= im_shape[i + 1]) {
          inside = false;
          break;
        }
        im_index = im_index * im_shape[i + 1] + pos;
      }
      const size_t col_offset = static_cast<size_t>(c_col) * col_spatial + col_index;
      if (is_im2col) {
        output[col_offset] = inside ? im_channel_in[im_index] : Dtype(0);
      } else if (inside) {
        im_channel_out[im_index] += input[col_offset];
      }
      // Advance the output position odometer.
      for (int i = num_spatial_axes - 1; i >= 0; --i) {
        if (++out_pos[i] < col_shape[i + 1]) break;
        out_pos[i] = 0;
      }
    }
  }
}

}  // namespace

template <typename Dtype>
void im2col_nd_cpu(const Dtype* data_im, const int num_spatial_axes, const int* im_shape,
                   const int* col_shape, const int* kernel_shape, const int* pad,
                   const int* stride, const int* dilation, Dtype* data_col) {
  Im2ColNdWalk(data_im, true, num_spatial_axes, im_shape, col_shape, kernel_shape, pad, stride,
               dilation, data_col);
}

template <typename Dtype>
void col2im_nd_cpu(const Dtype* data_col, const int num_spatial_axes, const int* im_shape,
                   const int* col_shape, const int* kernel_shape, const int* pad,
                   const int* stride, const int* dilation, Dtype* data_im) {
  Im2ColNdWalk(data_col, false, num_spatial_axes, im_shape, col_shape, kernel_shape, pad,
               stride, dilation, data_im);
}

template void im2col_nd_cpu<float>(const float* data_im, const int num_spatial_axes,
                                   const int* im_shape, const int* col_shape,
                                   const int* kernel_shape, const int* pad, const int* stride,
                                   const int* dilation, float* data_col);
template void im2col_nd_cpu<double>(const double* data_im, const int num_spatial_axes,
                                    const int* im_shape, const int* col_shape,
                                    const int* kernel_shape, const int* pad, const int* stride,
                                    const int* dilation, double* data_col);
template void col2im_nd_cpu<float>(const float* data_col, const int num_spatial_axes,
                                   const int* im_shape, const int* col_shape,
                                   const int* kernel_shape, const int* pad, const int* stride,
                                   const int* dilation, float* data_im);
template void col2im_nd_cpu<double>(const double* data_col, const int num_spatial_axes,
                                    const int* im_shape, const int* col_shape,
                                    const int* kernel_shape, const int* pad, const int* stride,
                                    const int* dilation, double* data_im);

}  // namespace caffe
