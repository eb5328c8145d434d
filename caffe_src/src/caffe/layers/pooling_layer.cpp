// Pooling: per sample, per channel window reductions over one H x W plane.
#include <algorithm>
#include <cfloat>
#include <limits>
#include <vector>

#include "caffe/layers/pooling_layer.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

namespace {

// Max of a KH x KW window at `win` (rows `width` apart). Returns the offset,
// relative to win, of the first maximal element in row-major order.
template <typename Dtype, int KH, int KW>
inline int WindowArgMax(const Dtype* win, const int width, Dtype* max_value) {
  Dtype best = win[0];
  int best_off = 0;
  for (int kh = 0; kh < KH; ++kh) {
    for (int kw = 0; kw < KW; ++kw) {
      // Branch-free update (the comparisons are data dependent and would
      // mispredict): keep the first maximum, like a strict '>' scan.
      const Dtype v = win[kh * width + kw];
      const int take = -static_cast<int>(v > best);
      best_off = (best_off & ~take) | ((kh * width + kw) & take);
      best = std::max(best, v);
    }
  }
  *max_value = best;
  return best_off;
}

// The same for a kernel size known only at run time.
template <typename Dtype>
inline int WindowArgMaxAny(const Dtype* win, const int width, const int kernel_h,
                           const int kernel_w, Dtype* max_value) {
  Dtype best = win[0];
  int best_off = 0;
  for (int kh = 0; kh < kernel_h; ++kh) {
    const Dtype* row = win + kh * width;
    for (int kw = 0; kw < kernel_w; ++kw) {
      const int take = -static_cast<int>(row[kw] > best);
      best_off = (best_off & ~take) | ((kh * width + kw) & take);
      best = std::max(best, row[kw]);
    }
  }
  *max_value = best;
  return best_off;
}

// Max over rows [hstart, hend) and columns [wstart, wend) of one plane (an
// already clipped window). Returns the plane index of the first maximum, or -1
// (value: lowest) for an empty window.
template <typename Dtype>
inline int ClippedWindowArgMax(const Dtype* plane, const int width, const int hstart,
                               const int hend, const int wstart, const int wend,
                               Dtype* max_value) {
  if (hstart >= hend || wstart >= wend) {
    *max_value = -std::numeric_limits<Dtype>::max();
    return -1;
  }
  int best = hstart * width + wstart;
  Dtype best_val = plane[best];
  for (int h = hstart; h < hend; ++h) {
    for (int w = wstart; w < wend; ++w) {
      const int index = h * width + w;
      const int take = -static_cast<int>(plane[index] > best_val);
      best = (best & ~take) | (index & take);
      best_val = std::max(best_val, plane[index]);
    }
  }
  *max_value = best_val;
  return best;
}

// Max pooling of the output columns [pw_begin, pw_end) of one output row, all
// of whose windows lie inside the image. row_data points at plane element
// row_index = (first window row) * width - pad_w, so window pw starts at
// row_data + pw * stride. Writes the maxima to top_row and their plane indices
// to mask_row (int or Dtype). KH/KW/SW > 0 fix the kernel and stride at compile
// time so the loop unrolls and vectorizes; 0 means "read the run-time value".
template <typename Dtype, typename MaskT, int KH, int KW, int SW>
inline void MaxPoolRowRun(const Dtype* __restrict row_data, const int width, const int kernel_h,
                          const int kernel_w, const int stride, const int pw_begin,
                          const int pw_end, const int row_index, Dtype* __restrict top_row,
                          MaskT* __restrict mask_row) {
  const int sw = SW > 0 ? SW : stride;
  for (int pw = pw_begin; pw < pw_end; ++pw) {
    const int wstart = pw * sw;
    Dtype value;
    int off;
    if (KH > 0 && KW > 0) {
      off = WindowArgMax<Dtype, KH, KW>(row_data + wstart, width, &value);
    } else {
      off = WindowArgMaxAny(row_data + wstart, width, kernel_h, kernel_w, &value);
    }
    top_row[pw] = value;
    mask_row[pw] = static_cast<MaskT>(row_index + wstart + off);
  }
}

template <typename Dtype, typename MaskT>
inline void MaxPoolRowInterior(const Dtype* row_data, const int width, const int kernel_h,
                               const int kernel_w, const int stride, const int pw_begin,
                               const int pw_end, const int row_index, Dtype* top_row,
                               MaskT* mask_row) {
  if (kernel_h == 3 && kernel_w == 3 && stride == 2) {
    MaxPoolRowRun<Dtype, MaskT, 3, 3, 2>(row_data, width, 3, 3, 2, pw_begin, pw_end, row_index,
                                         top_row, mask_row);
  } else if (kernel_h == 2 && kernel_w == 2 && stride == 2) {
    MaxPoolRowRun<Dtype, MaskT, 2, 2, 2>(row_data, width, 2, 2, 2, pw_begin, pw_end, row_index,
                                         top_row, mask_row);
  } else if (kernel_h == 3 && kernel_w == 3) {
    MaxPoolRowRun<Dtype, MaskT, 3, 3, 0>(row_data, width, 3, 3, stride, pw_begin, pw_end,
                                         row_index, top_row, mask_row);
  } else if (kernel_h == 2 && kernel_w == 2) {
    MaxPoolRowRun<Dtype, MaskT, 2, 2, 0>(row_data, width, 2, 2, stride, pw_begin, pw_end,
                                         row_index, top_row, mask_row);
  } else {
    MaxPoolRowRun<Dtype, MaskT, 0, 0, 0>(row_data, width, kernel_h, kernel_w, stride, pw_begin,
                                         pw_end, row_index, top_row, mask_row);
  }
}

}  // namespace

template <typename Dtype>
void PoolingLayer<Dtype>::LayerSetUp(const vector<Blob<Dtype>*>& bottom,
                                     const vector<Blob<Dtype>*>& top) {
  const PoolingParameter& pool_param = this->layer_param_.pooling_param();
  global_pooling_ = pool_param.global_pooling();
  round_mode_ = pool_param.round_mode();
  // Each setting is either the square form (kernel_size, pad, stride) or the
  // complete _h/_w pair, never both.
  const bool has_kernel_hw = pool_param.has_kernel_h() || pool_param.has_kernel_w();
  const bool has_pad_hw = pool_param.has_pad_h() || pool_param.has_pad_w();
  const bool has_stride_hw = pool_param.has_stride_h() || pool_param.has_stride_w();
  if (global_pooling_) {
    CHECK(!pool_param.has_kernel_size() && !has_kernel_hw)
        << "global_pooling takes its window from the input; give no kernel size.";
  } else if (has_kernel_hw) {
    CHECK(!pool_param.has_kernel_size()) << "give kernel_size or kernel_h/kernel_w, not both.";
    CHECK(pool_param.has_kernel_h() && pool_param.has_kernel_w())
        << "kernel_h needs kernel_w and vice versa.";
  } else {
    CHECK(pool_param.has_kernel_size()) << "pooling needs kernel_size or kernel_h/kernel_w.";
  }
  if (has_pad_hw) {
    CHECK(!pool_param.has_pad() && pool_param.has_pad_h() && pool_param.has_pad_w())
        << "give pad or both pad_h and pad_w.";
  }
  if (has_stride_hw) {
    CHECK(!pool_param.has_stride() && pool_param.has_stride_h() && pool_param.has_stride_w())
        << "give stride or both stride_h and stride_w.";
  }

  if (global_pooling_) {
    kernel_h_ = bottom[0]->height();
    kernel_w_ = bottom[0]->width();
  } else if (pool_param.has_kernel_size()) {
    kernel_h_ = kernel_w_ = pool_param.kernel_size();
  } else {
    kernel_h_ = pool_param.kernel_h();
    kernel_w_ = pool_param.kernel_w();
  }
  CHECK_GT(kernel_h_, 0) << "kernel sizes must be positive.";
  CHECK_GT(kernel_w_, 0) << "kernel sizes must be positive.";

  if (pool_param.has_pad_h()) {
    pad_h_ = pool_param.pad_h();
    pad_w_ = pool_param.pad_w();
  } else {
    pad_h_ = pad_w_ = pool_param.pad();
  }
  if (pool_param.has_stride_h()) {
    stride_h_ = pool_param.stride_h();
    stride_w_ = pool_param.stride_w();
  } else {
    stride_h_ = stride_w_ = pool_param.stride();
  }
  CHECK_GT(stride_h_, 0);
  CHECK_GT(stride_w_, 0);
  if (global_pooling_) {
    CHECK(pad_h_ == 0 && pad_w_ == 0 && stride_h_ == 1 && stride_w_ == 1)
        << "global_pooling allows no padding and stride 1 only.";
  }
  if (pad_h_ != 0 || pad_w_ != 0) {
    CHECK(pool_param.pool() == PoolingParameter_PoolMethod_AVE ||
          pool_param.pool() == PoolingParameter_PoolMethod_MAX)
        << "padding is supported for MAX and AVE pooling only.";
    CHECK_LT(pad_h_, kernel_h_);
    CHECK_LT(pad_w_, kernel_w_);
  }
}

template <typename Dtype>
void PoolingLayer<Dtype>::Reshape(const vector<Blob<Dtype>*>& bottom,
                                  const vector<Blob<Dtype>*>& top) {
  CHECK_EQ(4, bottom[0]->num_axes()) << "pooling expects num x channels x height x width input";
  channels_ = bottom[0]->channels();
  height_ = bottom[0]->height();
  width_ = bottom[0]->width();
  if (global_pooling_) {
    kernel_h_ = bottom[0]->height();
    kernel_w_ = bottom[0]->width();
  }
  const int span_h = height_ + 2 * pad_h_ - kernel_h_;
  const int span_w = width_ + 2 * pad_w_ - kernel_w_;
  switch (round_mode_) {
    case PoolingParameter_RoundMode_CEIL:
      pooled_height_ = static_cast<int>(std::ceil(static_cast<float>(span_h) / stride_h_)) + 1;
      pooled_width_ = static_cast<int>(std::ceil(static_cast<float>(span_w) / stride_w_)) + 1;
      break;
    case PoolingParameter_RoundMode_FLOOR:
      pooled_height_ = static_cast<int>(std::floor(static_cast<float>(span_h) / stride_h_)) + 1;
      pooled_width_ = static_cast<int>(std::floor(static_cast<float>(span_w) / stride_w_)) + 1;
      break;
    default:
      LOG(FATAL) << "unsupported round_mode.";
  }
  if (pad_h_ || pad_w_) {
    // The last window must start inside the image or its top/left padding,
    // never in the bottom/right padding.
    if ((pooled_height_ - 1) * stride_h_ >= height_ + pad_h_) --pooled_height_;
    if ((pooled_width_ - 1) * stride_w_ >= width_ + pad_w_) --pooled_width_;
    CHECK_LT((pooled_height_ - 1) * stride_h_, height_ + pad_h_);
    CHECK_LT((pooled_width_ - 1) * stride_w_, width_ + pad_w_);
  }
  top[0]->Reshape(bottom[0]->num(), channels_, pooled_height_, pooled_width_);
  if (top.size() > 1) {
    top[1]->ReshapeLike(*top[0]);
  }
  if (this->layer_param_.pooling_param().pool() == PoolingParameter_PoolMethod_MAX &&
      top.size() == 1) {
    max_idx_.Reshape(bottom[0]->num(), channels_, pooled_height_, pooled_width_);
  }
  if (this->layer_param_.pooling_param().pool() == PoolingParameter_PoolMethod_STOCHASTIC) {
    rand_idx_.Reshape(bottom[0]->num(), channels_, pooled_height_, pooled_width_);
  }
}

template <typename Dtype>
void PoolingLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                      const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const bool use_top_mask = top.size() > 1;
  int* mask = nullptr;
  Dtype* top_mask = nullptr;
  switch (this->layer_param_.pooling_param().pool()) {
    case PoolingParameter_PoolMethod_MAX: {
      if (use_top_mask) {
        top_mask = top[1]->mutable_cpu_data();
      } else {
        mask = max_idx_.mutable_cpu_data();
      }
      const int height = height_, width = width_;
      const int kernel_h = kernel_h_, kernel_w = kernel_w_;
      const int stride_h = stride_h_, stride_w = stride_w_;
      const int pad_h = pad_h_, pad_w = pad_w_;
      const int pooled_height = pooled_height_, pooled_width = pooled_width_;
      // Output columns [pw_lo, pw_hi) have windows that need no clipping in w.
      const int pw_lo = std::min((pad_w + stride_w - 1) / stride_w, pooled_width);
      const int pw_hi =
          (width + pad_w >= kernel_w)
              ? std::max(pw_lo, std::min(pooled_width, (width + pad_w - kernel_w) / stride_w + 1))
              : pw_lo;
      for (int n = 0; n < bottom[0]->num(); ++n) {
        for (int c = 0; c < channels_; ++c) {
          for (int ph = 0; ph < pooled_height; ++ph) {
            int hstart = ph * stride_h - pad_h;
            const int hend = std::min(hstart + kernel_h, height);
            hstart = std::max(hstart, 0);
            // Rows clipped: every window of this output row takes the slow path.
            const bool rows_inside = (hend - hstart) == kernel_h;
            const int inner_lo = rows_inside ? pw_lo : pooled_width;
            const int inner_hi = rows_inside ? pw_hi : pooled_width;
            Dtype* top_row = top_data + ph * pooled_width;
            int* mask_row = use_top_mask ? nullptr : mask + ph * pooled_width;
            Dtype* top_mask_row = use_top_mask ? top_mask + ph * pooled_width : nullptr;
            // Windows clipped by the image border.
            for (int pw = 0; pw < pooled_width; ++pw) {
              if (pw == inner_lo) {
                pw = inner_hi;
                if (pw >= pooled_width) break;
              }
              const int wstart = pw * stride_w - pad_w;
              Dtype best_val;
              const int best = ClippedWindowArgMax(bottom_data, width, hstart, hend,
                                                   std::max(wstart, 0),
                                                   std::min(wstart + kernel_w, width), &best_val);
              top_row[pw] = best_val;
              if (use_top_mask) {
                top_mask_row[pw] = best;
              } else {
                mask_row[pw] = best;
              }
            }
            // Windows fully inside the image: no clipping; common shapes unrolled.
            if (inner_lo < inner_hi) {
              const int row_index = hstart * width - pad_w;
              if (use_top_mask) {
                MaxPoolRowInterior(bottom_data + row_index, width, kernel_h, kernel_w, stride_w,
                                   inner_lo, inner_hi, row_index, top_row, top_mask_row);
              } else {
                MaxPoolRowInterior(bottom_data + row_index, width, kernel_h, kernel_w, stride_w,
                                   inner_lo, inner_hi, row_index, top_row, mask_row);
              }
            }
          }
          // Next channel.
          bottom_data += bottom[0]->offset(0, 1);
          top_data += top[0]->offset(0, 1);
          if (use_top_mask) {
            top_mask += top[0]->offset(0, 1);
          } else {
            mask += top[0]->offset(0, 1);
          }
        }
      }
      break;
    }
    case PoolingParameter_PoolMethod_AVE:
      for (int n = 0; n < bottom[0]->num(); ++n) {
        for (int c = 0; c < channels_; ++c) {
          for (int ph = 0; ph < pooled_height_; ++ph) {
            int hstart = ph * stride_h_ - pad_h_;
            int hend = std::min(hstart + kernel_h_, height_ + pad_h_);
            const int pool_h = hend - hstart;
            hstart = std::max(hstart, 0);
            hend = std::min(hend, height_);
            for (int pw = 0; pw < pooled_width_; ++pw) {
              int wstart = pw * stride_w_ - pad_w_;
              int wend = std::min(wstart + kernel_w_, width_ + pad_w_);
              // The divisor counts the padding inside the window.
              const int pool_size = pool_h * (wend - wstart);
              wstart = std::max(wstart, 0);
              wend = std::min(wend, width_);
              Dtype sum = 0;
              for (int h = hstart; h < hend; ++h) {
                const Dtype* row = bottom_data + h * width_;
                for (int w = wstart; w < wend; ++w) {
                  sum += row[w];
                }
              }
              top_data[ph * pooled_width_ + pw] = sum / pool_size;
            }
          }
          // Next channel.
          bottom_data += bottom[0]->offset(0, 1);
          top_data += top[0]->offset(0, 1);
        }
      }
      break;
    case PoolingParameter_PoolMethod_STOCHASTIC: {
      // TRAIN: pick one position per window with probability proportional to
      // its (non-negative) value. TEST: the value-weighted average of the window.
      const bool train = this->phase_ == TRAIN;
      Dtype* rand_idx = rand_idx_.mutable_cpu_data();
      if (train) {
        caffe_rng_uniform<Dtype>(rand_idx_.count(), Dtype(0), Dtype(1), rand_idx);
      }
      for (int n = 0; n < bottom[0]->num(); ++n) {
        for (int c = 0; c < channels_; ++c) {
          for (int ph = 0; ph < pooled_height_; ++ph) {
            const int hstart = ph * stride_h_;
            const int hend = std::min(hstart + kernel_h_, height_);
            for (int pw = 0; pw < pooled_width_; ++pw) {
              const int wstart = pw * stride_w_;
              const int wend = std::min(wstart + kernel_w_, width_);
              const int pool_index = ph * pooled_width_ + pw;
              Dtype sum = std::numeric_limits<Dtype>::min();
              Dtype sum_sq = 0;
              for (int h = hstart; h < hend; ++h) {
                for (int w = wstart; w < wend; ++w) {
                  const Dtype v = bottom_data[h * width_ + w];
                  sum += v;
                  sum_sq += v * v;
                }
              }
              if (train) {
                const Dtype threshold = rand_idx[pool_index] * sum;
                int chosen = (hend - 1) * width_ + (wend - 1);
                Dtype running = 0;
                bool found = false;
                for (int h = hstart; h < hend && !found; ++h) {
                  for (int w = wstart; w < wend; ++w) {
                    running += bottom_data[h * width_ + w];
                    if (running >= threshold) {
                      chosen = h * width_ + w;
                      found = true;
                      break;
                    }
                  }
                }
                rand_idx[pool_index] = static_cast<Dtype>(chosen);
                top_data[pool_index] = bottom_data[chosen];
              } else {
                top_data[pool_index] = sum_sq / sum;
              }
            }
          }
          // Next channel.
          bottom_data += bottom[0]->offset(0, 1);
          top_data += top[0]->offset(0, 1);
          rand_idx += top[0]->offset(0, 1);
        }
      }
      break;
    }
    default:
      LOG(FATAL) << "unsupported pooling method.";
  }
}

template <typename Dtype>
void PoolingLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
                                       const vector<bool>& propagate_down,
                                       const vector<Blob<Dtype>*>& bottom) {
  if (!propagate_down[0]) {
    return;
  }
  const Dtype* top_diff = top[0]->cpu_diff();
  Dtype* bottom_diff = bottom[0]->mutable_cpu_diff();
  // Windows may overlap, so the gradient is accumulated from zero.
  caffe_set(bottom[0]->count(), Dtype(0), bottom_diff);
  const bool use_top_mask = top.size() > 1;
  const int* mask = nullptr;
  const Dtype* top_mask = nullptr;
  switch (this->layer_param_.pooling_param().pool()) {
    case PoolingParameter_PoolMethod_MAX:
      if (use_top_mask) {
        top_mask = top[1]->cpu_data();
      } else {
        mask = max_idx_.cpu_data();
      }
      for (int n = 0; n < top[0]->num(); ++n) {
        for (int c = 0; c < channels_; ++c) {
          for (int ph = 0; ph < pooled_height_; ++ph) {
            for (int pw = 0; pw < pooled_width_; ++pw) {
              const int index = ph * pooled_width_ + pw;
              const int bottom_index =
                  use_top_mask ? static_cast<int>(top_mask[index]) : mask[index];
              if (bottom_index >= 0) {
                bottom_diff[bottom_index] += top_diff[index];
              }
            }
          }
          // Next channel.
          bottom_diff += bottom[0]->offset(0, 1);
          top_diff += top[0]->offset(0, 1);
          if (use_top_mask) {
            top_mask += top[0]->offset(0, 1);
          } else {
            mask += top[0]->offset(0, 1);
          }
        }
      }
      break;
    case PoolingParameter_PoolMethod_AVE:
      for (int n = 0; n < top[0]->num(); ++n) {
        for (int c = 0; c < channels_; ++c) {
          for (int ph = 0; ph < pooled_height_; ++ph) {
            int hstart = ph * stride_h_ - pad_h_;
            int hend = std::min(hstart + kernel_h_, height_ + pad_h_);
            const int pool_h = hend - hstart;
            hstart = std::max(hstart, 0);
            hend = std::min(hend, height_);
            for (int pw = 0; pw < pooled_width_; ++pw) {
              int wstart = pw * stride_w_ - pad_w_;
              int wend = std::min(wstart + kernel_w_, width_ + pad_w_);
              const int pool_size = pool_h * (wend - wstart);
              wstart = std::max(wstart, 0);
              wend = std::min(wend, width_);
              const Dtype share = top_diff[ph * pooled_width_ + pw] / pool_size;
              for (int h = hstart; h < hend; ++h) {
                Dtype* row = bottom_diff + h * width_;
                for (int w = wstart; w < wend; ++w) {
                  row[w] += share;
                }
              }
            }
          }
          // Next channel.
          bottom_diff += bottom[0]->offset(0, 1);
          top_diff += top[0]->offset(0, 1);
        }
      }
      break;
    case PoolingParameter_PoolMethod_STOCHASTIC: {
      CHECK_EQ(this->phase_, TRAIN) << "Stochastic pooling has a backward pass only in TRAIN.";
      const Dtype* rand_idx = rand_idx_.cpu_data();
      for (int n = 0; n < top[0]->num(); ++n) {
        for (int c = 0; c < channels_; ++c) {
          for (int ph = 0; ph < pooled_height_; ++ph) {
            for (int pw = 0; pw < pooled_width_; ++pw) {
              const int index = ph * pooled_width_ + pw;
              const int bottom_index = static_cast<int>(rand_idx[index]);
              bottom_diff[bottom_index] += top_diff[index];
            }
          }
          // Next channel.
          bottom_diff += bottom[0]->offset(0, 1);
          top_diff += top[0]->offset(0, 1);
          rand_idx += top[0]->offset(0, 1);
        }
      }
      break;
    }
    default:
      LOG(FATAL) << "unsupported pooling method.";
  }
}

INSTANTIATE_CLASS(PoolingLayer);
REGISTER_LAYER_CLASS(Pooling);

}  // namespace caffe
