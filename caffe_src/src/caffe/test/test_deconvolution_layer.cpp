// Tests of DeconvolutionLayer: output shapes, forward against a scatter-style
// transposed convolution written here, and finite-difference gradients.
#include <gtest/gtest.h>

#include <vector>

#include "caffe/blob.hpp"
#include "caffe/common.hpp"
#include "caffe/filler.hpp"
#include "caffe/layers/deconv_layer.hpp"
#include "caffe/test/test_caffe_main.hpp"
#include "caffe/test/test_gradient_check_util.hpp"

namespace caffe {

namespace {

// Every input element spreads weight * value over the output window it maps
// to. 2-D only. Weights: channels x (num_output / group) x kh x kw.
template <typename Dtype>
void ScatterDeconvolution(const Blob<Dtype>& bottom, const Dtype* weights, const Dtype* bias,
                          int num_output, int group, int kh, int kw, int sh, int sw, int ph,
                          int pw, int dh, int dw, const Blob<Dtype>& top,
                          vector<double>* out) {
  const int num = bottom.shape(0), channels = bottom.shape(1);
  const int height = bottom.shape(2), width = bottom.shape(3);
  const int out_h = top.shape(2), out_w = top.shape(3);
  const int in_per_group = channels / group;
  const int out_per_group = num_output / group;
  out->assign(top.count(), 0.0);
  for (int n = 0; n < num; ++n) {
    for (int o = 0; o < num_output; ++o) {
      for (int i = 0; i < out_h * out_w; ++i) {
        (*out)[(n * num_output + o) * out_h * out_w + i] = bias ? bias[o] : 0;
      }
    }
    for (int c = 0; c < channels; ++c) {
      const int g = c / in_per_group;
      for (int h = 0; h < height; ++h) {
        for (int w = 0; w < width; ++w) {
          const double x = bottom.cpu_data()[((n * channels + c) * height + h) * width + w];
          for (int oi = 0; oi < out_per_group; ++oi) {
            const int o = g * out_per_group + oi;
            for (int a = 0; a < kh; ++a) {
              for (int b = 0; b < kw; ++b) {
                const int y = h * sh - ph + a * dh;
                const int z = w * sw - pw + b * dw;
                if (y < 0 || y >= out_h || z < 0 || z >= out_w) continue;
                const double wt = weights[((c * out_per_group + oi) * kh + a) * kw + b];
                (*out)[((n * num_output + o) * out_h + y) * out_w + z] += wt * x;
              }
            }
          }
        }
      }
    }
  }
}

}  // namespace

template <typename Dtype>
class DeconvolutionLayerTest : public CPUDeviceTest<Dtype> {
 protected:
  DeconvolutionLayerTest()
      : blob_bottom_(new Blob<Dtype>(2, 3, 4, 3)),
        blob_bottom_2_(new Blob<Dtype>(2, 3, 4, 3)),
        blob_top_(new Blob<Dtype>()),
        blob_top_2_(new Blob<Dtype>()) {
    FillerParameter filler_param;
    GaussianFiller<Dtype> filler(filler_param);
    filler.Fill(blob_bottom_);
    filler.Fill(blob_bottom_2_);
    blob_bottom_vec_.push_back(blob_bottom_);
    blob_top_vec_.push_back(blob_top_);
  }
  virtual ~DeconvolutionLayerTest() {
    delete blob_bottom_;
    delete blob_bottom_2_;
    delete blob_top_;
    delete blob_top_2_;
  }
  static void RandomFillers(ConvolutionParameter* p) {
    p->mutable_weight_filler()->set_type("gaussian");
    p->mutable_weight_filler()->set_std(0.5);
    p->mutable_bias_filler()->set_type("gaussian");
    p->mutable_bias_filler()->set_std(0.5);
  }
  void CheckAgainstScatter(Layer<Dtype>* layer, const Blob<Dtype>& bottom,
                           const Blob<Dtype>& top, int num_output, int group, int kh, int kw,
                           int sh, int sw, int ph, int pw, int dh, int dw, bool bias_term) {
    vector<double> expected;
    ScatterDeconvolution(bottom, layer->blobs()[0]->cpu_data(),
                         bias_term ? layer->blobs()[1]->cpu_data() : nullptr, num_output,
                         group, kh, kw, sh, sw, ph, pw, dh, dw, top, &expected);
    for (int i = 0; i < top.count(); ++i) {
      EXPECT_NEAR(expected[i], top.cpu_data()[i], 1e-4) << "at " << i;
    }
  }

  Blob<Dtype>* const blob_bottom_;
  Blob<Dtype>* const blob_bottom_2_;
  Blob<Dtype>* const blob_top_;
  Blob<Dtype>* const blob_top_2_;
  vector<Blob<Dtype>*> blob_bottom_vec_;
  vector<Blob<Dtype>*> blob_top_vec_;
};

TYPED_TEST_SUITE(DeconvolutionLayerTest, TestDtypes);

TYPED_TEST(DeconvolutionLayerTest, TestSetUp) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  ConvolutionParameter* p = layer_param.mutable_convolution_param();
  p->add_kernel_size(3);
  p->add_stride(2);
  p->set_num_output(4);
  this->blob_bottom_vec_.push_back(this->blob_bottom_2_);
  this->blob_top_vec_.push_back(this->blob_top_2_);
  shared_ptr<Layer<Dtype> > layer(new DeconvolutionLayer<Dtype>(layer_param));
  layer->SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  // h: 2 * 3 + 3 = 9; w: 2 * 2 + 3 = 7
  EXPECT_EQ(this->blob_top_->shape(), (vector<int>{2, 4, 9, 7}));
  EXPECT_EQ(this->blob_top_2_->shape(), (vector<int>{2, 4, 9, 7}));
  // The filters map input channels to output channels.
  EXPECT_EQ(layer->blobs()[0]->shape(), (vector<int>{3, 4, 3, 3}));
  p->set_group(3);
  p->set_num_output(3);
  p->add_pad(1);
  layer.reset(new DeconvolutionLayer<Dtype>(layer_param));
  layer->SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  EXPECT_EQ(this->blob_top_->shape(), (vector<int>{2, 3, 7, 5}));
  EXPECT_EQ(layer->blobs()[0]->shape(), (vector<int>{3, 1, 3, 3}));
}

TYPED_TEST(DeconvolutionLayerTest, TestForward) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  ConvolutionParameter* p = layer_param.mutable_convolution_param();
  p->add_kernel_size(3);
  p->add_stride(2);
  p->set_num_output(4);
  this->RandomFillers(p);
  this->blob_bottom_vec_.push_back(this->blob_bottom_2_);
  this->blob_top_vec_.push_back(this->blob_top_2_);
  DeconvolutionLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  this->CheckAgainstScatter(&layer, *this->blob_bottom_, *this->blob_top_, 4, 1, 3, 3, 2, 2,
                            0, 0, 1, 1, true);
  this->CheckAgainstScatter(&layer, *this->blob_bottom_2_, *this->blob_top_2_, 4, 1, 3, 3, 2,
                            2, 0, 0, 1, 1, true);
}

TYPED_TEST(DeconvolutionLayerTest, TestForwardPadGroupDilation) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  ConvolutionParameter* p = layer_param.mutable_convolution_param();
  p->set_kernel_h(3);
  p->set_kernel_w(2);
  p->set_stride_h(2);
  p->set_stride_w(1);
  p->set_pad_h(1);
  p->set_pad_w(0);
  p->add_dilation(2);
  p->set_group(3);
  p->set_num_output(6);
  this->RandomFillers(p);
  DeconvolutionLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  // h: 2 * 3 + 5 - 2 = 9; w: 1 * 2 + 3 = 5
  EXPECT_EQ(this->blob_top_->shape(), (vector<int>{2, 6, 9, 5}));
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  this->CheckAgainstScatter(&layer, *this->blob_bottom_, *this->blob_top_, 6, 3, 3, 2, 2, 1,
                            1, 0, 2, 2, true);
}

TYPED_TEST(DeconvolutionLayerTest, TestForward1x1NoBias) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  ConvolutionParameter* p = layer_param.mutable_convolution_param();
  p->add_kernel_size(1);
  p->set_num_output(2);
  p->set_bias_term(false);
  this->RandomFillers(p);
  DeconvolutionLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  this->CheckAgainstScatter(&layer, *this->blob_bottom_, *this->blob_top_, 2, 1, 1, 1, 1, 1,
                            0, 0, 1, 1, false);
}

TYPED_TEST(DeconvolutionLayerTest, TestGradient) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  ConvolutionParameter* p = layer_param.mutable_convolution_param();
  p->add_kernel_size(2);
  p->add_stride(1);
  p->set_num_output(2);
  this->RandomFillers(p);
  this->blob_bottom_vec_.push_back(this->blob_bottom_2_);
  this->blob_top_vec_.push_back(this->blob_top_2_);
  DeconvolutionLayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-2, 1e-3);
  checker.CheckGradientExhaustive(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

TYPED_TEST(DeconvolutionLayerTest, TestGradientStridePadGroup) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  ConvolutionParameter* p = layer_param.mutable_convolution_param();
  p->add_kernel_size(3);
  p->add_stride(2);
  p->add_pad(1);
  p->set_group(3);
  p->set_num_output(3);
  this->RandomFillers(p);
  DeconvolutionLayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-2, 1e-3);
  checker.CheckGradientExhaustive(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

TYPED_TEST(DeconvolutionLayerTest, TestGradientNoWeightGradient) {
  // With the filter gradient off, the input gradient must run its own im2col
  // (nothing left in the column buffer to reuse).
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  ConvolutionParameter* p = layer_param.mutable_convolution_param();
  p->add_kernel_size(3);
  p->add_stride(2);
  p->set_num_output(2);
  this->RandomFillers(p);
  DeconvolutionLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  FillerParameter filler_param;
  GaussianFiller<Dtype> filler(filler_param);
  filler.Fill(this->blob_top_);
  Blob<Dtype> top_diff;
  top_diff.ReshapeLike(*this->blob_top_);
  caffe_copy(top_diff.count(), this->blob_top_->cpu_data(), top_diff.mutable_cpu_data());
  vector<bool> propagate_down(1, true);
  // Reference: both gradients.
  caffe_copy(top_diff.count(), top_diff.cpu_data(), this->blob_top_->mutable_cpu_diff());
  layer.Backward(this->blob_top_vec_, propagate_down, this->blob_bottom_vec_);
  vector<Dtype> expected(this->blob_bottom_->cpu_diff(),
                         this->blob_bottom_->cpu_diff() + this->blob_bottom_->count());
  // Scribble on the column buffer by a forward pass, then input gradient only.
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  caffe_copy(top_diff.count(), top_diff.cpu_data(), this->blob_top_->mutable_cpu_diff());
  layer.set_param_propagate_down(0, false);
  layer.set_param_propagate_down(1, false);
  layer.Backward(this->blob_top_vec_, propagate_down, this->blob_bottom_vec_);
  for (int i = 0; i < this->blob_bottom_->count(); ++i) {
    EXPECT_NEAR(expected[i], this->blob_bottom_->cpu_diff()[i], 1e-4);
  }
}

TYPED_TEST(DeconvolutionLayerTest, TestGradient3D) {
  typedef TypeParam Dtype;
  vector<int> shape = {1, 2, 3, 2, 3};
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
  DeconvolutionLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  // 2 * (d - 1) + 2 - 2
  EXPECT_EQ(this->blob_top_->shape(), (vector<int>{1, 2, 4, 2, 4}));
  GradientChecker<Dtype> checker(1e-2, 1e-3);
  checker.CheckGradientExhaustive(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

}  // namespace caffe
