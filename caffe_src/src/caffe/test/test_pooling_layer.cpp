// Tests of PoolingLayer: pooled shapes (CEIL/FLOOR, padding clip, global),
// forward against window loops written here, and gradients.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "caffe/blob.hpp"
#include "caffe/common.hpp"
#include "caffe/filler.hpp"
#include "caffe/layers/pooling_layer.hpp"
#include "caffe/test/test_caffe_main.hpp"
#include "caffe/test/test_gradient_check_util.hpp"

namespace caffe {

namespace {

struct PoolSpec {
  int kh, kw, sh, sw, ph, pw;
};

// Reference pooling of one blob. MAX also reports the argmax (plane index) of
// each window; AVE divides by the window area clipped to the padded image.
template <typename Dtype>
void ReferencePool(const Blob<Dtype>& bottom, const PoolSpec& s, bool max_pool,
                   int pooled_h, int pooled_w, vector<Dtype>* out, vector<int>* argmax) {
  const int num = bottom.num(), channels = bottom.channels();
  const int height = bottom.height(), width = bottom.width();
  out->assign(num * channels * pooled_h * pooled_w, 0);
  argmax->assign(out->size(), -1);
  for (int n = 0; n < num; ++n) {
    for (int c = 0; c < channels; ++c) {
      const Dtype* plane = bottom.cpu_data() + bottom.offset(n, c);
      for (int y = 0; y < pooled_h; ++y) {
        for (int x = 0; x < pooled_w; ++x) {
          const int i = ((n * channels + c) * pooled_h + y) * pooled_w + x;
          const int y0 = y * s.sh - s.ph, x0 = x * s.sw - s.pw;
          const int y1 = std::min(y0 + s.kh, height + s.ph);
          const int x1 = std::min(x0 + s.kw, width + s.pw);
          const int area = (y1 - y0) * (x1 - x0);
          Dtype best = -std::numeric_limits<Dtype>::max();
          int best_at = -1;
          double sum = 0;
          for (int h = y0; h < y1; ++h) {
            for (int w = x0; w < x1; ++w) {
              if (h < 0 || h >= height || w < 0 || w >= width) continue;
              const Dtype v = plane[h * width + w];
              sum += v;
              if (best_at < 0 || v > best) {
                best = v;
                best_at = h * width + w;
              }
            }
          }
          (*out)[i] = max_pool ? best : static_cast<Dtype>(sum / area);
          (*argmax)[i] = best_at;
        }
      }
    }
  }
}

}  // namespace

template <typename Dtype>
class PoolingLayerTest : public CPUDeviceTest<Dtype> {
 protected:
  PoolingLayerTest()
      : blob_bottom_(new Blob<Dtype>(2, 3, 6, 5)),
        blob_top_(new Blob<Dtype>()),
        blob_top_mask_(new Blob<Dtype>()) {
    FillerParameter filler_param;
    GaussianFiller<Dtype> filler(filler_param);
    filler.Fill(blob_bottom_);
    blob_bottom_vec_.push_back(blob_bottom_);
    blob_top_vec_.push_back(blob_top_);
  }
  virtual ~PoolingLayerTest() {
    delete blob_bottom_;
    delete blob_top_;
    delete blob_top_mask_;
  }
  // Values k * 0.01 (+ an offset) for a random permutation of k: all distinct,
  // with gaps far wider than the finite-difference step, so the max is stable.
  void FillDistinct(Dtype offset = 0) {
    const int count = blob_bottom_->count();
    vector<int> order(count);
    for (int i = 0; i < count; ++i) order[i] = i;
    for (int i = count - 1; i > 0; --i) {
      const int j = caffe_rng_rand() % (i + 1);
      std::swap(order[i], order[j]);
    }
    Dtype* data = blob_bottom_->mutable_cpu_data();
    for (int i = 0; i < count; ++i) data[i] = offset + Dtype(0.01) * (order[i] - count / 2);
  }
  void CheckForward(const PoolSpec& s, bool max_pool, bool with_mask) {
    vector<Dtype> expected;
    vector<int> argmax;
    ReferencePool(*blob_bottom_, s, max_pool, blob_top_->height(), blob_top_->width(),
                  &expected, &argmax);
    ASSERT_EQ(static_cast<int>(expected.size()), blob_top_->count());
    for (int i = 0; i < blob_top_->count(); ++i) {
      EXPECT_NEAR(expected[i], blob_top_->cpu_data()[i], 1e-5) << "at " << i;
      if (with_mask) {
        EXPECT_EQ(argmax[i], static_cast<int>(blob_top_mask_->cpu_data()[i])) << "at " << i;
      }
    }
  }

  Blob<Dtype>* const blob_bottom_;
  Blob<Dtype>* const blob_top_;
  Blob<Dtype>* const blob_top_mask_;
  vector<Blob<Dtype>*> blob_bottom_vec_;
  vector<Blob<Dtype>*> blob_top_vec_;
};

TYPED_TEST_SUITE(PoolingLayerTest, TestDtypes);

TYPED_TEST(PoolingLayerTest, TestSetUp) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  PoolingParameter* p = layer_param.mutable_pooling_param();
  p->set_kernel_size(3);
  p->set_stride(2);
  PoolingLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  // ceil((6 - 3) / 2) + 1 = 3, ceil((5 - 3) / 2) + 1 = 2
  EXPECT_EQ(this->blob_top_->shape(), (vector<int>{2, 3, 3, 2}));
}

TYPED_TEST(PoolingLayerTest, TestSetUpPaddedClipAndFloor) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  PoolingParameter* p = layer_param.mutable_pooling_param();
  p->set_kernel_size(2);
  p->set_stride(2);
  p->set_pad(1);
  {
    PoolingLayer<Dtype> layer(layer_param);
    layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
    // h: ceil(6 / 2) + 1 = 4; window 3 starts at 3 * 2 = 6 < 6 + 1: kept.
    // w: ceil(5 / 2) + 1 = 4; window 3 starts at 6 >= 5 + 1 (right padding): dropped.
    EXPECT_EQ(this->blob_top_->shape(), (vector<int>{2, 3, 4, 3}));
  }
  this->blob_bottom_->Reshape(2, 3, 5, 4);
  {
    PoolingLayer<Dtype> layer(layer_param);
    layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
    // h: ceil(5 / 2) + 1 = 4, but window 3 would start at 6 >= 5 + 1, in the
    // bottom padding: dropped. w: ceil(4 / 2) + 1 = 3.
    EXPECT_EQ(this->blob_top_->shape(), (vector<int>{2, 3, 3, 3}));
  }
  p->set_round_mode(PoolingParameter_RoundMode_FLOOR);
  {
    PoolingLayer<Dtype> layer(layer_param);
    layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
    EXPECT_EQ(this->blob_top_->shape(), (vector<int>{2, 3, 3, 3}));
  }
  p->set_pad(0);
  p->set_kernel_size(3);
  {
    PoolingLayer<Dtype> layer(layer_param);
    layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
    // floor((5 - 3) / 2) + 1 = 2, floor((4 - 3) / 2) + 1 = 1
    EXPECT_EQ(this->blob_top_->shape(), (vector<int>{2, 3, 2, 1}));
  }
}

TYPED_TEST(PoolingLayerTest, TestSetUpGlobalPooling) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  PoolingParameter* p = layer_param.mutable_pooling_param();
  p->set_global_pooling(true);
  p->set_pool(PoolingParameter_PoolMethod_AVE);
  PoolingLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  EXPECT_EQ(this->blob_top_->shape(), (vector<int>{2, 3, 1, 1}));
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  for (int n = 0; n < 2; ++n) {
    for (int c = 0; c < 3; ++c) {
      double sum = 0;
      for (int i = 0; i < 30; ++i) sum += this->blob_bottom_->cpu_data()[(n * 3 + c) * 30 + i];
      EXPECT_NEAR(sum / 30, this->blob_top_->data_at(n, c, 0, 0), 1e-5);
    }
  }
}

TYPED_TEST(PoolingLayerTest, TestForwardMax) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  PoolingParameter* p = layer_param.mutable_pooling_param();
  p->set_kernel_size(3);
  p->set_stride(2);
  this->blob_top_vec_.push_back(this->blob_top_mask_);
  PoolingLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  this->CheckForward(PoolSpec{3, 3, 2, 2, 0, 0}, true, true);
}

TYPED_TEST(PoolingLayerTest, TestForwardMaxHandWritten) {
  // One 3 x 5 plane with a 2 x 2 window, stride 1:
  //   1 2 5 2 3        9 5 5 8
  //   9 4 1 4 8   ->   9 7 7 8
  //   1 2 7 2 1
  typedef TypeParam Dtype;
  this->blob_bottom_->Reshape(1, 1, 3, 5);
  const Dtype input[] = {1, 2, 5, 2, 3, 9, 4, 1, 4, 8, 1, 2, 7, 2, 1};
  caffe_copy(15, input, this->blob_bottom_->mutable_cpu_data());
  LayerParameter layer_param;
  layer_param.mutable_pooling_param()->set_kernel_size(2);
  this->blob_top_vec_.push_back(this->blob_top_mask_);
  PoolingLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  const Dtype expected[] = {9, 5, 5, 8, 9, 7, 7, 8};
  const int expected_mask[] = {5, 2, 2, 9, 5, 12, 12, 9};
  ASSERT_EQ(this->blob_top_->count(), 8);
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(expected[i], this->blob_top_->cpu_data()[i]);
    EXPECT_EQ(expected_mask[i], static_cast<int>(this->blob_top_mask_->cpu_data()[i]));
  }
}

TYPED_TEST(PoolingLayerTest, TestForwardMaxPaddedRectangular) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  PoolingParameter* p = layer_param.mutable_pooling_param();
  p->set_kernel_h(3);
  p->set_kernel_w(2);
  p->set_stride_h(2);
  p->set_stride_w(1);
  p->set_pad_h(1);
  p->set_pad_w(1);
  this->blob_top_vec_.push_back(this->blob_top_mask_);
  PoolingLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  this->CheckForward(PoolSpec{3, 2, 2, 1, 1, 1}, true, true);
}

TYPED_TEST(PoolingLayerTest, TestForwardMaxConfigs) {
  // Kernel / stride / pad combinations, including the unrolled 2x2 and 3x3
  // paths, on odd-sized planes; values and argmax both checked.
  typedef TypeParam Dtype;
  this->blob_bottom_->Reshape(2, 3, 7, 9);
  FillerParameter filler_param;
  GaussianFiller<Dtype> filler(filler_param);
  filler.Fill(this->blob_bottom_);
  const PoolSpec specs[] = {{2, 2, 2, 2, 0, 0}, {2, 2, 2, 2, 1, 1}, {3, 3, 2, 2, 0, 0},
                            {3, 3, 2, 2, 1, 1}, {3, 3, 1, 1, 1, 1}, {3, 3, 3, 3, 0, 0},
                            {4, 4, 3, 3, 2, 2}, {1, 1, 1, 1, 0, 0}, {2, 3, 1, 2, 1, 0},
                            {7, 9, 1, 1, 0, 0}};
  this->blob_top_vec_.push_back(this->blob_top_mask_);
  for (int ties = 0; ties < 2; ++ties) {
    if (ties) {
      // Only three distinct values: many ties, which go to the first maximum in
      // row-major order of the window.
      Dtype* data = this->blob_bottom_->mutable_cpu_data();
      for (int i = 0; i < this->blob_bottom_->count(); ++i) {
        data[i] = std::max(Dtype(-1), std::min(Dtype(1), std::floor(data[i])));
      }
    }
    for (const PoolSpec& spec : specs) {
      LayerParameter layer_param;
      PoolingParameter* p = layer_param.mutable_pooling_param();
      p->set_kernel_h(spec.kh);
      p->set_kernel_w(spec.kw);
      p->set_stride_h(spec.sh);
      p->set_stride_w(spec.sw);
      p->set_pad_h(spec.ph);
      p->set_pad_w(spec.pw);
      PoolingLayer<Dtype> layer(layer_param);
      layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
      layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
      SCOPED_TRACE(testing::Message() << "kernel " << spec.kh << "x" << spec.kw << " stride "
                                      << spec.sh << "x" << spec.sw << " pad " << spec.ph << "x"
                                      << spec.pw << (ties ? " with ties" : ""));
      this->CheckForward(spec, true, true);
    }
  }
}

TYPED_TEST(PoolingLayerTest, TestForwardMaxInternalMaskMatchesTopMask) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  PoolingParameter* p = layer_param.mutable_pooling_param();
  p->set_kernel_size(3);
  p->set_stride(2);
  p->set_pad(1);
  PoolingLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  this->CheckForward(PoolSpec{3, 3, 2, 2, 1, 1}, true, false);
  // The gradient lands on the argmax of each window.
  caffe_set(this->blob_top_->count(), Dtype(1), this->blob_top_->mutable_cpu_diff());
  vector<bool> propagate_down(1, true);
  layer.Backward(this->blob_top_vec_, propagate_down, this->blob_bottom_vec_);
  vector<Dtype> expected;
  vector<int> argmax;
  ReferencePool(*this->blob_bottom_, PoolSpec{3, 3, 2, 2, 1, 1}, true,
                this->blob_top_->height(), this->blob_top_->width(), &expected, &argmax);
  vector<Dtype> expected_diff(this->blob_bottom_->count(), 0);
  const int top_plane = this->blob_top_->height() * this->blob_top_->width();
  for (size_t i = 0; i < argmax.size(); ++i) {
    expected_diff[(i / top_plane) * 30 + argmax[i]] += 1;
  }
  for (int i = 0; i < this->blob_bottom_->count(); ++i) {
    EXPECT_EQ(expected_diff[i], this->blob_bottom_->cpu_diff()[i]);
  }
}

TYPED_TEST(PoolingLayerTest, TestForwardAve) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  PoolingParameter* p = layer_param.mutable_pooling_param();
  p->set_pool(PoolingParameter_PoolMethod_AVE);
  p->set_kernel_size(3);
  p->set_stride(2);
  PoolingLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  this->CheckForward(PoolSpec{3, 3, 2, 2, 0, 0}, false, false);
}

TYPED_TEST(PoolingLayerTest, TestForwardAvePadded) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  PoolingParameter* p = layer_param.mutable_pooling_param();
  p->set_pool(PoolingParameter_PoolMethod_AVE);
  p->set_kernel_h(3);
  p->set_kernel_w(2);
  p->set_stride(2);
  p->set_pad_h(1);
  p->set_pad_w(1);
  PoolingLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  this->CheckForward(PoolSpec{3, 2, 2, 2, 1, 1}, false, false);
}

TYPED_TEST(PoolingLayerTest, TestForwardAveConstant) {
  // 3 x 3 window, pad 1, stride 1 over a plane of 2s: corners see 4 of 9 values.
  typedef TypeParam Dtype;
  this->blob_bottom_->Reshape(1, 1, 3, 3);
  caffe_set(9, Dtype(2), this->blob_bottom_->mutable_cpu_data());
  LayerParameter layer_param;
  PoolingParameter* p = layer_param.mutable_pooling_param();
  p->set_pool(PoolingParameter_PoolMethod_AVE);
  p->set_kernel_size(3);
  p->set_pad(1);
  PoolingLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  const Dtype expected[] = {8. / 9, 12. / 9, 8. / 9, 12. / 9, 2, 12. / 9, 8. / 9, 12. / 9, 8. / 9};
  for (int i = 0; i < 9; ++i) {
    EXPECT_NEAR(expected[i], this->blob_top_->cpu_data()[i], 1e-5);
  }
}

TYPED_TEST(PoolingLayerTest, TestGradientMax) {
  typedef TypeParam Dtype;
  this->FillDistinct();
  for (int pad = 0; pad <= 1; ++pad) {
    LayerParameter layer_param;
    PoolingParameter* p = layer_param.mutable_pooling_param();
    p->set_kernel_h(3);
    p->set_kernel_w(2);
    p->set_stride(2);
    p->set_pad(pad);
    PoolingLayer<Dtype> layer(layer_param);
    GradientChecker<Dtype> checker(1e-4, 1e-2);
    checker.CheckGradientExhaustive(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
  }
}

TYPED_TEST(PoolingLayerTest, TestGradientMaxTopMask) {
  typedef TypeParam Dtype;
  this->FillDistinct();
  LayerParameter layer_param;
  PoolingParameter* p = layer_param.mutable_pooling_param();
  p->set_kernel_size(3);
  p->set_stride(2);
  p->set_pad(1);
  this->blob_top_vec_.push_back(this->blob_top_mask_);
  PoolingLayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-4, 1e-2);
  checker.CheckGradientExhaustive(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

TYPED_TEST(PoolingLayerTest, TestGradientAve) {
  typedef TypeParam Dtype;
  for (int pad = 0; pad <= 1; ++pad) {
    LayerParameter layer_param;
    PoolingParameter* p = layer_param.mutable_pooling_param();
    p->set_pool(PoolingParameter_PoolMethod_AVE);
    p->set_kernel_h(3);
    p->set_kernel_w(2);
    p->set_stride(2);
    p->set_pad(pad);
    PoolingLayer<Dtype> layer(layer_param);
    GradientChecker<Dtype> checker(1e-2, 1e-2);
    checker.CheckGradientExhaustive(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
  }
}

TYPED_TEST(PoolingLayerTest, TestGradientGlobal) {
  typedef TypeParam Dtype;
  this->FillDistinct();
  for (int method = 0; method < 2; ++method) {
    LayerParameter layer_param;
    PoolingParameter* p = layer_param.mutable_pooling_param();
    p->set_global_pooling(true);
    p->set_pool(method == 0 ? PoolingParameter_PoolMethod_MAX
                            : PoolingParameter_PoolMethod_AVE);
    PoolingLayer<Dtype> layer(layer_param);
    GradientChecker<Dtype> checker(1e-4, 1e-2);
    checker.CheckGradientExhaustive(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
  }
}

TYPED_TEST(PoolingLayerTest, TestStochasticTest) {
  // TEST phase: the value-weighted average sum(x^2) / sum(x) of each window.
  typedef TypeParam Dtype;
  this->FillDistinct(Dtype(1));  // all positive
  LayerParameter layer_param;
  layer_param.set_phase(TEST);
  PoolingParameter* p = layer_param.mutable_pooling_param();
  p->set_pool(PoolingParameter_PoolMethod_STOCHASTIC);
  p->set_kernel_size(3);
  p->set_stride(2);
  PoolingLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  for (int n = 0; n < 2; ++n) {
    for (int c = 0; c < 3; ++c) {
      for (int y = 0; y < this->blob_top_->height(); ++y) {
        for (int x = 0; x < this->blob_top_->width(); ++x) {
          double sum = 0, sum_sq = 0;
          for (int h = y * 2; h < std::min(y * 2 + 3, 6); ++h) {
            for (int w = x * 2; w < std::min(x * 2 + 3, 5); ++w) {
              const double v = this->blob_bottom_->data_at(n, c, h, w);
              sum += v;
              sum_sq += v * v;
            }
          }
          EXPECT_NEAR(sum_sq / sum, this->blob_top_->data_at(n, c, y, x), 1e-4);
        }
      }
    }
  }
}

TYPED_TEST(PoolingLayerTest, TestStochasticTrain) {
  // TRAIN phase: every output is one value of its window; the gradient goes
  // back to exactly that position.
  typedef TypeParam Dtype;
  this->FillDistinct(Dtype(1));
  LayerParameter layer_param;
  layer_param.set_phase(TRAIN);
  PoolingParameter* p = layer_param.mutable_pooling_param();
  p->set_pool(PoolingParameter_PoolMethod_STOCHASTIC);
  p->set_kernel_size(3);
  p->set_stride(2);
  PoolingLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  caffe_set(this->blob_top_->count(), Dtype(1), this->blob_top_->mutable_cpu_diff());
  vector<bool> propagate_down(1, true);
  layer.Backward(this->blob_top_vec_, propagate_down, this->blob_bottom_vec_);
  vector<Dtype> expected_diff(this->blob_bottom_->count(), 0);
  for (int n = 0; n < 2; ++n) {
    for (int c = 0; c < 3; ++c) {
      for (int y = 0; y < this->blob_top_->height(); ++y) {
        for (int x = 0; x < this->blob_top_->width(); ++x) {
          const Dtype out = this->blob_top_->data_at(n, c, y, x);
          int found = -1;
          for (int h = y * 2; h < std::min(y * 2 + 3, 6); ++h) {
            for (int w = x * 2; w < std::min(x * 2 + 3, 5); ++w) {
              if (this->blob_bottom_->data_at(n, c, h, w) == out) {
                found = this->blob_bottom_->offset(n, c, h, w);
              }
            }
          }
          ASSERT_GE(found, 0) << "output is not a value of its window";
          expected_diff[found] += 1;
        }
      }
    }
  }
  for (int i = 0; i < this->blob_bottom_->count(); ++i) {
    EXPECT_EQ(expected_diff[i], this->blob_bottom_->cpu_diff()[i]);
  }
}

}  // namespace caffe
