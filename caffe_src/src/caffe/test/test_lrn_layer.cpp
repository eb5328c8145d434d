// Tests of LRNLayer: forward against the normalization formula evaluated
// element by element here, and finite-difference gradients, for both regions.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "caffe/blob.hpp"
#include "caffe/common.hpp"
#include "caffe/filler.hpp"
#include "caffe/layers/lrn_layer.hpp"
#include "caffe/test/test_caffe_main.hpp"
#include "caffe/test/test_gradient_check_util.hpp"

namespace caffe {

namespace {

// y = x * (k + alpha / N * sum of squares over the neighbourhood)^-beta, with
// N = size (across channels) or size^2 (within channel); the neighbourhood is
// centred on x and clipped to the blob.
template <typename Dtype>
void FormulaLRN(const Blob<Dtype>& bottom, const LRNParameter& p, vector<double>* out) {
  const int size = p.local_size();
  const int half = (size - 1) / 2;
  const bool across = p.norm_region() == LRNParameter_NormRegion_ACROSS_CHANNELS;
  out->assign(bottom.count(), 0);
  for (int n = 0; n < bottom.num(); ++n) {
    for (int c = 0; c < bottom.channels(); ++c) {
      for (int h = 0; h < bottom.height(); ++h) {
        for (int w = 0; w < bottom.width(); ++w) {
          double sum_sq = 0;
          if (across) {
            for (int cc = std::max(0, c - half);
                 cc < std::min(bottom.channels(), c - half + size); ++cc) {
              const double v = bottom.data_at(n, cc, h, w);
              sum_sq += v * v;
            }
          } else {
            for (int hh = std::max(0, h - half);
                 hh < std::min(bottom.height(), h - half + size); ++hh) {
              for (int ww = std::max(0, w - half);
                   ww < std::min(bottom.width(), w - half + size); ++ww) {
                const double v = bottom.data_at(n, c, hh, ww);
                sum_sq += v * v;
              }
            }
          }
          const double norm = across ? size : size * size;
          const double scale = p.k() + p.alpha() / norm * sum_sq;
          (*out)[bottom.offset(n, c, h, w)] =
              bottom.data_at(n, c, h, w) * std::pow(scale, -static_cast<double>(p.beta()));
        }
      }
    }
  }
}

}  // namespace

template <typename Dtype>
class LRNLayerTest : public CPUDeviceTest<Dtype> {
 protected:
  LRNLayerTest()
      : epsilon_(Dtype(1e-5)),
        blob_bottom_(new Blob<Dtype>(2, 7, 3, 3)),
        blob_top_(new Blob<Dtype>()) {
    FillerParameter filler_param;
    GaussianFiller<Dtype> filler(filler_param);
    filler.Fill(blob_bottom_);
    blob_bottom_vec_.push_back(blob_bottom_);
    blob_top_vec_.push_back(blob_top_);
  }
  virtual ~LRNLayerTest() {
    delete blob_bottom_;
    delete blob_top_;
  }
  void CheckForward(const LayerParameter& layer_param) {
    LRNLayer<Dtype> layer(layer_param);
    layer.SetUp(blob_bottom_vec_, blob_top_vec_);
    EXPECT_EQ(blob_top_->shape(), blob_bottom_->shape());
    layer.Forward(blob_bottom_vec_, blob_top_vec_);
    vector<double> expected;
    FormulaLRN(*blob_bottom_, layer_param.lrn_param(), &expected);
    for (int i = 0; i < blob_top_->count(); ++i) {
      EXPECT_NEAR(expected[i], blob_top_->cpu_data()[i], epsilon_) << "at " << i;
    }
  }

  Dtype epsilon_;
  Blob<Dtype>* const blob_bottom_;
  Blob<Dtype>* const blob_top_;
  vector<Blob<Dtype>*> blob_bottom_vec_;
  vector<Blob<Dtype>*> blob_top_vec_;
};

TYPED_TEST_SUITE(LRNLayerTest, TestDtypes);

TYPED_TEST(LRNLayerTest, TestSetupAcrossChannels) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  LRNLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  EXPECT_EQ(this->blob_top_->shape(), (vector<int>{2, 7, 3, 3}));
}

TYPED_TEST(LRNLayerTest, TestForwardAcrossChannels) {
  LayerParameter layer_param;
  this->CheckForward(layer_param);
}

TYPED_TEST(LRNLayerTest, TestForwardAcrossChannelsParams) {
  LayerParameter layer_param;
  LRNParameter* p = layer_param.mutable_lrn_param();
  p->set_local_size(3);
  p->set_alpha(0.5);
  p->set_beta(0.6);
  p->set_k(2);
  this->CheckForward(layer_param);
}

TYPED_TEST(LRNLayerTest, TestForwardAcrossChannelsLargeRegion) {
  // A window wider than the channel count.
  LayerParameter layer_param;
  layer_param.mutable_lrn_param()->set_local_size(15);
  this->CheckForward(layer_param);
}

TYPED_TEST(LRNLayerTest, TestGradientAcrossChannels) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  LRNLayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-2, 1e-2);
  checker.CheckGradientExhaustive(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

TYPED_TEST(LRNLayerTest, TestGradientAcrossChannelsParams) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  LRNParameter* p = layer_param.mutable_lrn_param();
  p->set_local_size(3);
  p->set_alpha(2);
  p->set_beta(0.6);
  p->set_k(1.5);
  LRNLayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-2, 1e-2);
  checker.CheckGradientExhaustive(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

TYPED_TEST(LRNLayerTest, TestGradientAcrossChannelsLargeRegion) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  layer_param.mutable_lrn_param()->set_local_size(15);
  LRNLayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-2, 1e-2);
  checker.CheckGradientExhaustive(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

TYPED_TEST(LRNLayerTest, TestSetupWithinChannel) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  layer_param.mutable_lrn_param()->set_norm_region(LRNParameter_NormRegion_WITHIN_CHANNEL);
  layer_param.mutable_lrn_param()->set_local_size(3);
  LRNLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  EXPECT_EQ(this->blob_top_->shape(), (vector<int>{2, 7, 3, 3}));
}

TYPED_TEST(LRNLayerTest, TestForwardWithinChannel) {
  LayerParameter layer_param;
  LRNParameter* p = layer_param.mutable_lrn_param();
  p->set_norm_region(LRNParameter_NormRegion_WITHIN_CHANNEL);
  p->set_local_size(3);
  this->CheckForward(layer_param);
}

TYPED_TEST(LRNLayerTest, TestForwardWithinChannelParams) {
  typedef TypeParam Dtype;
  this->blob_bottom_->Reshape(2, 3, 6, 5);
  FillerParameter filler_param;
  GaussianFiller<Dtype> filler(filler_param);
  filler.Fill(this->blob_bottom_);
  LayerParameter layer_param;
  LRNParameter* p = layer_param.mutable_lrn_param();
  p->set_norm_region(LRNParameter_NormRegion_WITHIN_CHANNEL);
  p->set_local_size(5);
  p->set_alpha(3);
  p->set_beta(0.5);
  p->set_k(2);
  this->CheckForward(layer_param);
}

TYPED_TEST(LRNLayerTest, TestGradientWithinChannel) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  LRNParameter* p = layer_param.mutable_lrn_param();
  p->set_norm_region(LRNParameter_NormRegion_WITHIN_CHANNEL);
  p->set_local_size(3);
  LRNLayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-2, 1e-2);
  checker.CheckGradientExhaustive(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

}  // namespace caffe
