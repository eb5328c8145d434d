// Tests of ConvolutionLayer: output shapes, forward against a direct (loop)
// convolution written here, and finite-difference gradients.
#include <gtest/gtest.h>

#include <vector>

#include "caffe/blob.hpp"
#include "caffe/common.hpp"
#include "caffe/filler.hpp"
#include "caffe/layers/conv_layer.hpp"
#include "caffe/test/test_caffe_main.hpp"
#include "caffe/test/test_gradient_check_util.hpp"

namespace caffe {

namespace {

// Direct convolution over 3 spatial axes (a 2-D blob is a 3-D one with depth 1,
// the memory layout is the same). Weights: out x (in / group) x kd x kh x kw.
template <typename Dtype>
void DirectConvolution(const Dtype* in, int num, int channels, const int in_dims[3],
                       const Dtype* weights, const Dtype* bias, int num_output, int group,
                       const int kernel[3], const int stride[3], const int pad[3],
                       const int dilation[3], Dtype* out, int out_dims[3]) {
  for (int i = 0; i < 3; ++i) {
    const int extent = dilation[i] * (kernel[i] - 1) + 1;
    out_dims[i] = (in_dims[i] + 2 * pad[i] - extent) / stride[i] + 1;
  }
  const int in_per_group = channels / group;
  const int out_per_group = num_output / group;
  const int in_spatial = in_dims[0] * in_dims[1] * in_dims[2];
  const int out_spatial = out_dims[0] * out_dims[1] * out_dims[2];
  const int kernel_count = kernel[0] * kernel[1] * kernel[2];
  for (int n = 0; n < num; ++n) {
    for (int o = 0; o < num_output; ++o) {
      const int g = o / out_per_group;
      for (int od = 0; od < out_dims[0]; ++od) {
        for (int oh = 0; oh < out_dims[1]; ++oh) {
          for (int ow = 0; ow < out_dims[2]; ++ow) {
            double sum = bias ? bias[o] : 0;
            for (int ci = 0; ci < in_per_group; ++ci) {
              const int c = g * in_per_group + ci;
              for (int kd = 0; kd < kernel[0]; ++kd) {
                for (int kh = 0; kh < kernel[1]; ++kh) {
                  for (int kw = 0; kw < kernel[2]; ++kw) {
                    const int id = od * stride[0] - pad[0] + kd * dilation[0];
                    const int ih = oh * stride[1] - pad[1] + kh * dilation[1];
                    const int iw = ow * stride[2] - pad[2] + kw * dilation[2];
                    if (id < 0 || id >= in_dims[0] || ih < 0 || ih >= in_dims[1] || iw < 0 ||
                        iw >= in_dims[2]) {
                      continue;
                    }
                    const Dtype x = in[(n * channels + c) * in_spatial +
                                       (id * in_dims[1] + ih) * in_dims[2] + iw];
                    const Dtype w = weights[(o * in_per_group + ci) * kernel_count +
                                            (kd * kernel[1] + kh) * kernel[2] + kw];
                    sum += static_cast<double>(x) * w;
                  }
                }
              }
            }
            out[(n * num_output + o) * out_spatial + (od * out_dims[1] + oh) * out_dims[2] +
                ow] = static_cast<Dtype>(sum);
          }
        }
      }
    }
  }
}

// Runs DirectConvolution with the layer's own parameters and compares with top.
template <typename Dtype>
void ExpectMatchesDirect(const ConvolutionParameter& p, Layer<Dtype>* layer,
                         const Blob<Dtype>& bottom, const Blob<Dtype>& top, Dtype tol) {
  const int spatial_axes = bottom.num_axes() - 2;
  int in_dims[3] = {1, 1, 1};
  for (int i = 0; i < spatial_axes; ++i) in_dims[3 - spatial_axes + i] = bottom.shape(2 + i);
  int kernel[3] = {1, 1, 1}, stride[3] = {1, 1, 1}, pad[3] = {0, 0, 0},
      dilation[3] = {1, 1, 1};
  for (int i = 0; i < spatial_axes; ++i) {
    const int a = 3 - spatial_axes + i;
    if (p.has_kernel_h()) {
      kernel[a] = (i == 0) ? p.kernel_h() : p.kernel_w();
    } else {
      kernel[a] = p.kernel_size(p.kernel_size_size() == 1 ? 0 : i);
    }
    if (p.has_stride_h()) {
      stride[a] = (i == 0) ? p.stride_h() : p.stride_w();
    } else if (p.stride_size() > 0) {
      stride[a] = p.stride(p.stride_size() == 1 ? 0 : i);
    }
    if (p.has_pad_h() || p.has_pad_w()) {
      pad[a] = (i == 0) ? p.pad_h() : p.pad_w();
    } else if (p.pad_size() > 0) {
      pad[a] = p.pad(p.pad_size() == 1 ? 0 : i);
    }
    if (p.dilation_size() > 0) dilation[a] = p.dilation(p.dilation_size() == 1 ? 0 : i);
  }
  const Dtype* bias = p.bias_term() ? layer->blobs()[1]->cpu_data() : nullptr;
  vector<Dtype> expected(top.count());
  int out_dims[3];
  DirectConvolution(bottom.cpu_data(), bottom.shape(0), bottom.shape(1), in_dims,
                    layer->blobs()[0]->cpu_data(), bias, static_cast<int>(p.num_output()),
                    static_cast<int>(p.group()), kernel, stride, pad, dilation,
                    expected.data(), out_dims);
  ASSERT_EQ(static_cast<int>(expected.size()),
            bottom.shape(0) * static_cast<int>(p.num_output()) * out_dims[0] * out_dims[1] *
                out_dims[2]);
  for (int i = 0; i < spatial_axes; ++i) {
    EXPECT_EQ(out_dims[3 - spatial_axes + i], top.shape(2 + i));
  }
  const Dtype* got = top.cpu_data();
  for (int i = 0; i < top.count(); ++i) {
    EXPECT_NEAR(expected[i], got[i], tol) << "at " << i;
  }
}

}  // namespace

template <typename Dtype>
class ConvolutionLayerTest : public CPUDeviceTest<Dtype> {
 protected:
  ConvolutionLayerTest()
      : blob_bottom_(new Blob<Dtype>(2, 3, 6, 5)),
        blob_bottom_2_(new Blob<Dtype>(2, 3, 6, 5)),
        blob_top_(new Blob<Dtype>()),
        blob_top_2_(new Blob<Dtype>()) {
    FillerParameter filler_param;
    filler_param.set_mean(0);
    filler_param.set_std(1);
    GaussianFiller<Dtype> filler(filler_param);
    filler.Fill(blob_bottom_);
    filler.Fill(blob_bottom_2_);
    blob_bottom_vec_.push_back(blob_bottom_);
    blob_top_vec_.push_back(blob_top_);
  }
  virtual ~ConvolutionLayerTest() {
    delete blob_bottom_;
    delete blob_bottom_2_;
    delete blob_top_;
    delete blob_top_2_;
  }
  void UseTwoBlobs() {
    blob_bottom_vec_.push_back(blob_bottom_2_);
    blob_top_vec_.push_back(blob_top_2_);
  }
  // A 2 x 2 x 4 x 5 x 4 volume for the N-D path.
  void UseVolume() {
    vector<int> shape = {2, 2, 4, 5, 4};
    blob_bottom_->Reshape(shape);
    FillerParameter filler_param;
    GaussianFiller<Dtype> filler(filler_param);
    filler.Fill(blob_bottom_);
  }
  static void RandomFillers(ConvolutionParameter* p) {
    p->mutable_weight_filler()->set_type("gaussian");
    p->mutable_weight_filler()->set_std(0.5);
    p->mutable_bias_filler()->set_type("gaussian");
    p->mutable_bias_filler()->set_std(0.5);
  }

  Blob<Dtype>* const blob_bottom_;
  Blob<Dtype>* const blob_bottom_2_;
  Blob<Dtype>* const blob_top_;
  Blob<Dtype>* const blob_top_2_;
  vector<Blob<Dtype>*> blob_bottom_vec_;
  vector<Blob<Dtype>*> blob_top_vec_;
};

TYPED_TEST_SUITE(ConvolutionLayerTest, TestDtypes);

TYPED_TEST(ConvolutionLayerTest, TestSetUp) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  ConvolutionParameter* p = layer_param.mutable_convolution_param();
  p->add_kernel_size(3);
  p->add_stride(2);
  p->set_num_output(4);
  this->UseTwoBlobs();
  shared_ptr<Layer<Dtype> > layer(new ConvolutionLayer<Dtype>(layer_param));
  layer->SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  EXPECT_EQ(this->blob_top_->shape(), (vector<int>{2, 4, 2, 2}));
  EXPECT_EQ(this->blob_top_2_->shape(), (vector<int>{2, 4, 2, 2}));
  EXPECT_EQ(layer->blobs().size(), 2u);
  EXPECT_EQ(layer->blobs()[0]->shape(), (vector<int>{4, 3, 3, 3}));
  EXPECT_EQ(layer->blobs()[1]->shape(), (vector<int>{4}));
  // Groups split the input channels of the filters.
  p->set_num_output(3);
  p->set_group(3);
  layer.reset(new ConvolutionLayer<Dtype>(layer_param));
  layer->SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  EXPECT_EQ(this->blob_top_->shape(), (vector<int>{2, 3, 2, 2}));
  EXPECT_EQ(layer->blobs()[0]->shape(), (vector<int>{3, 1, 3, 3}));
  // Padding, dilation, rectangular.
  layer_param.clear_convolution_param();
  p = layer_param.mutable_convolution_param();
  p->set_kernel_h(3);
  p->set_kernel_w(2);
  p->set_pad_h(1);
  p->set_pad_w(2);
  p->add_dilation(2);
  p->set_num_output(5);
  p->set_bias_term(false);
  layer.reset(new ConvolutionLayer<Dtype>(layer_param));
  layer->SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  // h: (6 + 2 - 5) + 1 = 4; w: (5 + 4 - 3) + 1 = 7
  EXPECT_EQ(this->blob_top_->shape(), (vector<int>{2, 5, 4, 7}));
  EXPECT_EQ(layer->blobs().size(), 1u);
}

TYPED_TEST(ConvolutionLayerTest, TestSimpleConvolution) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  ConvolutionParameter* p = layer_param.mutable_convolution_param();
  p->add_kernel_size(3);
  p->add_stride(2);
  p->set_num_output(4);
  this->RandomFillers(p);
  this->UseTwoBlobs();
  ConvolutionLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  ExpectMatchesDirect<Dtype>(*p, &layer, *this->blob_bottom_, *this->blob_top_, Dtype(1e-4));
  ExpectMatchesDirect<Dtype>(*p, &layer, *this->blob_bottom_2_, *this->blob_top_2_,
                             Dtype(1e-4));
}

TYPED_TEST(ConvolutionLayerTest, TestPaddedRectangularConvolution) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  ConvolutionParameter* p = layer_param.mutable_convolution_param();
  p->set_kernel_h(3);
  p->set_kernel_w(2);
  p->set_stride_h(2);
  p->set_stride_w(1);
  p->set_pad_h(1);
  p->set_pad_w(2);
  p->set_num_output(3);
  this->RandomFillers(p);
  ConvolutionLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  ExpectMatchesDirect<Dtype>(*p, &layer, *this->blob_bottom_, *this->blob_top_, Dtype(1e-4));
}

TYPED_TEST(ConvolutionLayerTest, TestDilatedConvolution) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  ConvolutionParameter* p = layer_param.mutable_convolution_param();
  p->add_kernel_size(3);
  p->add_dilation(2);
  p->add_pad(1);
  p->set_num_output(4);
  this->RandomFillers(p);
  ConvolutionLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  ExpectMatchesDirect<Dtype>(*p, &layer, *this->blob_bottom_, *this->blob_top_, Dtype(1e-4));
}

TYPED_TEST(ConvolutionLayerTest, Test1x1Convolution) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  ConvolutionParameter* p = layer_param.mutable_convolution_param();
  p->add_kernel_size(1);
  p->set_num_output(4);
  this->RandomFillers(p);
  ConvolutionLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  ExpectMatchesDirect<Dtype>(*p, &layer, *this->blob_bottom_, *this->blob_top_, Dtype(1e-4));
}

TYPED_TEST(ConvolutionLayerTest, TestGroupConvolution) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  ConvolutionParameter* p = layer_param.mutable_convolution_param();
  p->add_kernel_size(3);
  p->add_stride(2);
  p->add_pad(1);
  p->set_group(3);
  p->set_num_output(6);
  this->RandomFillers(p);
  ConvolutionLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  ExpectMatchesDirect<Dtype>(*p, &layer, *this->blob_bottom_, *this->blob_top_, Dtype(1e-4));
}

TYPED_TEST(ConvolutionLayerTest, TestForceNDMatches2D) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  ConvolutionParameter* p = layer_param.mutable_convolution_param();
  p->add_kernel_size(3);
  p->add_stride(2);
  p->add_pad(1);
  p->add_dilation(1);
  p->set_num_output(4);
  this->RandomFillers(p);
  ConvolutionLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  Blob<Dtype> top_2d;
  top_2d.CopyFrom(*this->blob_top_, false, true);
  // Same weights through the N-D im2col path.
  p->set_force_nd_im2col(true);
  ConvolutionLayer<Dtype> layer_nd(layer_param);
  layer_nd.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  for (int i = 0; i < 2; ++i) layer_nd.blobs()[i]->CopyFrom(*layer.blobs()[i]);
  layer_nd.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  ASSERT_EQ(top_2d.shape(), this->blob_top_->shape());
  for (int i = 0; i < top_2d.count(); ++i) {
    EXPECT_NEAR(top_2d.cpu_data()[i], this->blob_top_->cpu_data()[i], Dtype(1e-5));
  }
}

TYPED_TEST(ConvolutionLayerTest, Test3DConvolution) {
  typedef TypeParam Dtype;
  this->UseVolume();
  LayerParameter layer_param;
  ConvolutionParameter* p = layer_param.mutable_convolution_param();
  p->add_kernel_size(3);
  p->add_kernel_size(2);
  p->add_kernel_size(3);
  p->add_stride(1);
  p->add_stride(2);
  p->add_stride(1);
  p->add_pad(1);
  p->set_num_output(3);
  this->RandomFillers(p);
  ConvolutionLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  EXPECT_EQ(this->blob_top_->shape(), (vector<int>{2, 3, 4, 3, 4}));
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  ExpectMatchesDirect<Dtype>(*p, &layer, *this->blob_bottom_, *this->blob_top_, Dtype(1e-4));
}

TYPED_TEST(ConvolutionLayerTest, TestWeightGradientAccumulates) {
  // Backward adds to the parameter diffs rather than overwriting them.
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  ConvolutionParameter* p = layer_param.mutable_convolution_param();
  p->add_kernel_size(3);
  p->set_num_output(2);
  this->RandomFillers(p);
  ConvolutionLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  caffe_set(this->blob_top_->count(), Dtype(1), this->blob_top_->mutable_cpu_diff());
  vector<bool> propagate_down(1, true);
  for (int b = 0; b < 2; ++b) {
    caffe_set(layer.blobs()[b]->count(), Dtype(0), layer.blobs()[b]->mutable_cpu_diff());
  }
  layer.Backward(this->blob_top_vec_, propagate_down, this->blob_bottom_vec_);
  vector<vector<Dtype> > once(2);
  for (int b = 0; b < 2; ++b) {
    once[b].assign(layer.blobs()[b]->cpu_diff(),
                   layer.blobs()[b]->cpu_diff() + layer.blobs()[b]->count());
  }
  layer.Backward(this->blob_top_vec_, propagate_down, this->blob_bottom_vec_);
  for (int b = 0; b < 2; ++b) {
    for (int i = 0; i < layer.blobs()[b]->count(); ++i) {
      EXPECT_NEAR(2 * once[b][i], layer.blobs()[b]->cpu_diff()[i], Dtype(1e-4));
    }
  }
  // The bias gradient of an all-ones top diff is num * spatial size.
  for (int i = 0; i < 2; ++i) {
    EXPECT_NEAR(once[1][i], Dtype(2 * 4 * 3), Dtype(1e-4));
  }
}

TYPED_TEST(ConvolutionLayerTest, TestGradient) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  ConvolutionParameter* p = layer_param.mutable_convolution_param();
  p->add_kernel_size(3);
  p->add_stride(2);
  p->set_num_output(2);
  this->RandomFillers(p);
  this->UseTwoBlobs();
  ConvolutionLayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-2, 1e-3);
  checker.CheckGradientExhaustive(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

TYPED_TEST(ConvolutionLayerTest, TestGradientPadRectangularNoBias) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  ConvolutionParameter* p = layer_param.mutable_convolution_param();
  p->set_kernel_h(2);
  p->set_kernel_w(3);
  p->set_stride_h(1);
  p->set_stride_w(2);
  p->set_pad_h(1);
  p->set_pad_w(1);
  p->set_bias_term(false);
  p->set_num_output(2);
  this->RandomFillers(p);
  ConvolutionLayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-2, 1e-3);
  checker.CheckGradientExhaustive(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

TYPED_TEST(ConvolutionLayerTest, TestGradientDilated) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  ConvolutionParameter* p = layer_param.mutable_convolution_param();
  p->add_kernel_size(2);
  p->add_dilation(2);
  p->add_pad(1);
  p->set_num_output(2);
  this->RandomFillers(p);
  ConvolutionLayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-2, 1e-3);
  checker.CheckGradientExhaustive(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

TYPED_TEST(ConvolutionLayerTest, TestGradientGroup) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  ConvolutionParameter* p = layer_param.mutable_convolution_param();
  p->add_kernel_size(3);
  p->add_stride(2);
  p->add_pad(1);
  p->set_group(3);
  p->set_num_output(3);
  this->RandomFillers(p);
  ConvolutionLayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-2, 1e-3);
  checker.CheckGradientExhaustive(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

TYPED_TEST(ConvolutionLayerTest, TestGradient1x1) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  ConvolutionParameter* p = layer_param.mutable_convolution_param();
  p->add_kernel_size(1);
  p->set_num_output(2);
  this->RandomFillers(p);
  ConvolutionLayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-2, 1e-3);
  checker.CheckGradientExhaustive(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

TYPED_TEST(ConvolutionLayerTest, TestGradient3D) {
  typedef TypeParam Dtype;
  vector<int> shape = {1, 2, 3, 4, 3};
  this->blob_bottom_->Reshape(shape);
  FillerParameter filler_param;
  GaussianFiller<Dtype> filler(filler_param);
  filler.Fill(this->blob_bottom_);
  LayerParameter layer_param;
  ConvolutionParameter* p = layer_param.mutable_convolution_param();
  p->add_kernel_size(2);
  p->add_stride(2);
  p->add_pad(1);
  p->set_num_output(2);
  this->RandomFillers(p);
  ConvolutionLayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-2, 1e-3);
  checker.CheckGradientExhaustive(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

TYPED_TEST(ConvolutionLayerTest, TestGradientForceND) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  ConvolutionParameter* p = layer_param.mutable_convolution_param();
  p->add_kernel_size(3);
  p->add_stride(2);
  p->add_pad(1);
  p->set_num_output(2);
  p->set_force_nd_im2col(true);
  this->RandomFillers(p);
  ConvolutionLayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-2, 1e-3);
  checker.CheckGradientExhaustive(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

}  // namespace caffe
