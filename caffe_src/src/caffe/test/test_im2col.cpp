// im2col / col2im against a naive reference, and col2im as the adjoint of im2col.
#include <gtest/gtest.h>

#include <vector>

#include "caffe/common.hpp"
#include "caffe/test/test_caffe_main.hpp"
#include "caffe/util/im2col.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

struct ConvGeometry {
  int channels, height, width;
  int kernel_h, kernel_w, pad_h, pad_w, stride_h, stride_w, dilation_h, dilation_w;
  int out_h() const { return (height + 2 * pad_h - (dilation_h * (kernel_h - 1) + 1)) / stride_h + 1; }
  int out_w() const { return (width + 2 * pad_w - (dilation_w * (kernel_w - 1) + 1)) / stride_w + 1; }
  int im_count() const { return channels * height * width; }
  int col_count() const { return channels * kernel_h * kernel_w * out_h() * out_w(); }
};

// A spread of shapes: plain, padded, strided, dilated, rectangular, pad > kernel.
std::vector<ConvGeometry> TestGeometries() {
  std::vector<ConvGeometry> g;
  g.push_back({2, 5, 6, 3, 3, 0, 0, 1, 1, 1, 1});
  g.push_back({3, 7, 7, 3, 3, 1, 1, 1, 1, 1, 1});
  g.push_back({2, 9, 8, 3, 2, 1, 2, 2, 3, 1, 1});
  g.push_back({1, 10, 11, 3, 3, 2, 1, 1, 2, 2, 3});
  g.push_back({2, 6, 5, 1, 1, 0, 0, 2, 2, 1, 1});
  g.push_back({1, 4, 5, 2, 3, 3, 4, 3, 2, 1, 1});
  g.push_back({3, 8, 8, 5, 5, 2, 2, 4, 4, 1, 1});
  g.push_back({1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1});
  return g;
}

template <typename Dtype>
void NaiveIm2col(const Dtype* im, const ConvGeometry& g, Dtype* col) {
  const int oh = g.out_h(), ow = g.out_w();
  for (int c = 0; c < g.channels; ++c)
    for (int kh = 0; kh < g.kernel_h; ++kh)
      for (int kw = 0; kw < g.kernel_w; ++kw) {
        const int row = (c * g.kernel_h + kh) * g.kernel_w + kw;
        for (int y = 0; y < oh; ++y)
          for (int x = 0; x < ow; ++x) {
            const int h = y * g.stride_h - g.pad_h + kh * g.dilation_h;
            const int w = x * g.stride_w - g.pad_w + kw * g.dilation_w;
            const bool inside = h >= 0 && h < g.height && w >= 0 && w < g.width;
            col[(row * oh + y) * ow + x] = inside ? im[(c * g.height + h) * g.width + w] : Dtype(0);
          }
      }
}

template <typename Dtype>
class Im2colTest : public ::testing::Test {
 protected:
  static std::vector<Dtype> Random(int n) {
    std::vector<Dtype> v(n);
    caffe_rng_uniform<Dtype>(n, Dtype(-1), Dtype(1), v.data());
    return v;
  }
};

TYPED_TEST_SUITE(Im2colTest, TestDtypes);

TYPED_TEST(Im2colTest, TestIm2colMatchesNaive) {
  typedef TypeParam Dtype;
  for (const ConvGeometry& g : TestGeometries()) {
    std::vector<Dtype> im = this->Random(g.im_count());
    std::vector<Dtype> expected(g.col_count()), col(g.col_count(), Dtype(7));
    NaiveIm2col(im.data(), g, expected.data());
    im2col_cpu(im.data(), g.channels, g.height, g.width, g.kernel_h, g.kernel_w, g.pad_h,
               g.pad_w, g.stride_h, g.stride_w, g.dilation_h, g.dilation_w, col.data());
    for (int i = 0; i < g.col_count(); ++i) ASSERT_EQ(col[i], expected[i]) << i;
  }
}

TYPED_TEST(Im2colTest, TestCol2imIsAdjoint) {
  typedef TypeParam Dtype;
  for (const ConvGeometry& g : TestGeometries()) {
    std::vector<Dtype> x = this->Random(g.im_count());
    std::vector<Dtype> y = this->Random(g.col_count());
    std::vector<Dtype> col(g.col_count());
    std::vector<Dtype> im(g.im_count(), Dtype(5));  // col2im must overwrite this
    im2col_cpu(x.data(), g.channels, g.height, g.width, g.kernel_h, g.kernel_w, g.pad_h,
               g.pad_w, g.stride_h, g.stride_w, g.dilation_h, g.dilation_w, col.data());
    col2im_cpu(y.data(), g.channels, g.height, g.width, g.kernel_h, g.kernel_w, g.pad_h,
               g.pad_w, g.stride_h, g.stride_w, g.dilation_h, g.dilation_w, im.data());
    double lhs = 0, rhs = 0;
    for (int i = 0; i < g.col_count(); ++i) lhs += static_cast<double>(col[i]) * y[i];
    for (int i = 0; i < g.im_count(); ++i) rhs += static_cast<double>(x[i]) * im[i];
    EXPECT_NEAR(lhs, rhs, 1e-4 * (1 + std::fabs(lhs)));
  }
}

TYPED_TEST(Im2colTest, TestCol2imMatchesNaive) {
  typedef TypeParam Dtype;
  for (const ConvGeometry& g : TestGeometries()) {
    std::vector<Dtype> col = this->Random(g.col_count());
    std::vector<Dtype> expected(g.im_count(), Dtype(0));
    const int oh = g.out_h(), ow = g.out_w();
    for (int c = 0; c < g.channels; ++c)
      for (int kh = 0; kh < g.kernel_h; ++kh)
        for (int kw = 0; kw < g.kernel_w; ++kw)
          for (int y = 0; y < oh; ++y)
            for (int x = 0; x < ow; ++x) {
              const int h = y * g.stride_h - g.pad_h + kh * g.dilation_h;
              const int w = x * g.stride_w - g.pad_w + kw * g.dilation_w;
              if (h < 0 || h >= g.height || w < 0 || w >= g.width) continue;
              expected[(c * g.height + h) * g.width + w] +=
                  col[(((c * g.kernel_h + kh) * g.kernel_w + kw) * oh + y) * ow + x];
            }
    std::vector<Dtype> im(g.im_count(), Dtype(-3));
    col2im_cpu(col.data(), g.channels, g.height, g.width, g.kernel_h, g.kernel_w, g.pad_h,
               g.pad_w, g.stride_h, g.stride_w, g.dilation_h, g.dilation_w, im.data());
    for (int i = 0; i < g.im_count(); ++i) EXPECT_NEAR(im[i], expected[i], 1e-5) << i;
  }
}

TYPED_TEST(Im2colTest, TestNdMatches2d) {
  typedef TypeParam Dtype;
  for (const ConvGeometry& g : TestGeometries()) {
    const int im_shape[3] = {g.channels, g.height, g.width};
    const int col_shape[3] = {g.channels * g.kernel_h * g.kernel_w, g.out_h(), g.out_w()};
    const int kernel[2] = {g.kernel_h, g.kernel_w};
    const int pad[2] = {g.pad_h, g.pad_w};
    const int stride[2] = {g.stride_h, g.stride_w};
    const int dilation[2] = {g.dilation_h, g.dilation_w};
    std::vector<Dtype> im = this->Random(g.im_count());
    std::vector<Dtype> col2d(g.col_count()), colnd(g.col_count(), Dtype(9));
    im2col_cpu(im.data(), g.channels, g.height, g.width, g.kernel_h, g.kernel_w, g.pad_h,
               g.pad_w, g.stride_h, g.stride_w, g.dilation_h, g.dilation_w, col2d.data());
    im2col_nd_cpu(im.data(), 2, im_shape, col_shape, kernel, pad, stride, dilation,
                  colnd.data());
    for (int i = 0; i < g.col_count(); ++i) ASSERT_EQ(col2d[i], colnd[i]) << i;

    std::vector<Dtype> y = this->Random(g.col_count());
    std::vector<Dtype> im2d(g.im_count()), imnd(g.im_count(), Dtype(4));
    col2im_cpu(y.data(), g.channels, g.height, g.width, g.kernel_h, g.kernel_w, g.pad_h,
               g.pad_w, g.stride_h, g.stride_w, g.dilation_h, g.dilation_w, im2d.data());
    col2im_nd_cpu(y.data(), 2, im_shape, col_shape, kernel, pad, stride, dilation, imnd.data());
    for (int i = 0; i < g.im_count(); ++i) EXPECT_NEAR(im2d[i], imnd[i], 1e-5) << i;
  }
}

TYPED_TEST(Im2colTest, TestNd3dAgainstNaiveAndAdjoint) {
  typedef TypeParam Dtype;
  const int channels = 2;
  const int in[3] = {4, 5, 6};
  const int kernel[3] = {2, 3, 2};
  const int pad[3] = {1, 0, 2};
  const int stride[3] = {1, 2, 3};
  const int dilation[3] = {2, 1, 1};
  int out[3];
  for (int i = 0; i < 3; ++i) {
    out[i] = (in[i] + 2 * pad[i] - (dilation[i] * (kernel[i] - 1) + 1)) / stride[i] + 1;
  }
  const int im_shape[4] = {channels, in[0], in[1], in[2]};
  const int kernel_size = kernel[0] * kernel[1] * kernel[2];
  const int col_shape[4] = {channels * kernel_size, out[0], out[1], out[2]};
  const int im_count = channels * in[0] * in[1] * in[2];
  const int out_count = out[0] * out[1] * out[2];
  const int col_count = channels * kernel_size * out_count;
  std::vector<Dtype> im = this->Random(im_count);
  std::vector<Dtype> col(col_count);
  im2col_nd_cpu(im.data(), 3, im_shape, col_shape, kernel, pad, stride, dilation, col.data());
  for (int c = 0; c < channels; ++c)
    for (int k0 = 0; k0 < kernel[0]; ++k0)
      for (int k1 = 0; k1 < kernel[1]; ++k1)
        for (int k2 = 0; k2 < kernel[2]; ++k2)
          for (int o0 = 0; o0 < out[0]; ++o0)
            for (int o1 = 0; o1 < out[1]; ++o1)
              for (int o2 = 0; o2 < out[2]; ++o2) {
                const int p0 = o0 * stride[0] - pad[0] + k0 * dilation[0];
                const int p1 = o1 * stride[1] - pad[1] + k1 * dilation[1];
                const int p2 = o2 * stride[2] - pad[2] + k2 * dilation[2];
                const bool inside = p0 >= 0 && p0 < in[0] && p1 >= 0 && p1 < in[1] &&
                                    p2 >= 0 && p2 < in[2];
                const Dtype expected =
                    inside ? im[((c * in[0] + p0) * in[1] + p1) * in[2] + p2] : Dtype(0);
                const int row = ((c * kernel[0] + k0) * kernel[1] + k1) * kernel[2] + k2;
                const int index = row * out_count + (o0 * out[1] + o1) * out[2] + o2;
                ASSERT_EQ(col[index], expected);
              }
  std::vector<Dtype> y = this->Random(col_count);
  std::vector<Dtype> back(im_count, Dtype(1));
  col2im_nd_cpu(y.data(), 3, im_shape, col_shape, kernel, pad, stride, dilation, back.data());
  double lhs = 0, rhs = 0;
  for (int i = 0; i < col_count; ++i) lhs += static_cast<double>(col[i]) * y[i];
  for (int i = 0; i < im_count; ++i) rhs += static_cast<double>(im[i]) * back[i];
  EXPECT_NEAR(lhs, rhs, 1e-4 * (1 + std::fabs(lhs)));
}

}  // namespace caffe
