// Tests of ConcatLayer along the batch and channel axes, and its gradient.
#include <vector>

#include "gtest/gtest.h"

#include "caffe/blob.hpp"
#include "caffe/common.hpp"
#include "caffe/filler.hpp"
#include "caffe/layers/concat_layer.hpp"
#include "caffe/test/test_caffe_main.hpp"
#include "caffe/test/test_gradient_check_util.hpp"

namespace caffe {

template <typename Dtype>
class ConcatLayerTest : public CPUDeviceTest<Dtype> {
 protected:
  ConcatLayerTest()
      : blob_bottom_0_(new Blob<Dtype>(2, 3, 4, 5)),
        blob_bottom_1_(new Blob<Dtype>(2, 5, 4, 5)),
        blob_bottom_2_(new Blob<Dtype>(3, 3, 4, 5)),
        blob_top_(new Blob<Dtype>()) {
    Caffe::set_random_seed(kTestRandomSeed);
    FillerParameter filler_param;
    GaussianFiller<Dtype> filler(filler_param);
    filler.Fill(blob_bottom_0_);
    filler.Fill(blob_bottom_1_);
    filler.Fill(blob_bottom_2_);
    // bottom_vec_0_ joins along channels (0 and 1), bottom_vec_1_ along num (0 and 2).
    blob_bottom_vec_0_.push_back(blob_bottom_0_);
    blob_bottom_vec_0_.push_back(blob_bottom_1_);
    blob_bottom_vec_1_.push_back(blob_bottom_0_);
    blob_bottom_vec_1_.push_back(blob_bottom_2_);
    blob_top_vec_.push_back(blob_top_);
  }
  virtual ~ConcatLayerTest() {
    delete blob_bottom_0_;
    delete blob_bottom_1_;
    delete blob_bottom_2_;
    delete blob_top_;
  }
  Blob<Dtype>* const blob_bottom_0_;
  Blob<Dtype>* const blob_bottom_1_;
  Blob<Dtype>* const blob_bottom_2_;
  Blob<Dtype>* const blob_top_;
  vector<Blob<Dtype>*> blob_bottom_vec_0_;
  vector<Blob<Dtype>*> blob_bottom_vec_1_;
  vector<Blob<Dtype>*> blob_top_vec_;
};

TYPED_TEST_SUITE(ConcatLayerTest, TestDtypes);

TYPED_TEST(ConcatLayerTest, TestSetupNum) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  layer_param.mutable_concat_param()->set_axis(0);
  ConcatLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_1_, this->blob_top_vec_);
  EXPECT_EQ(this->blob_top_->num(), 2 + 3);
  EXPECT_EQ(this->blob_top_->channels(), 3);
  EXPECT_EQ(this->blob_top_->height(), 4);
  EXPECT_EQ(this->blob_top_->width(), 5);
}

TYPED_TEST(ConcatLayerTest, TestSetupChannels) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  ConcatLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_0_, this->blob_top_vec_);
  EXPECT_EQ(this->blob_top_->num(), 2);
  EXPECT_EQ(this->blob_top_->channels(), 3 + 5);
  EXPECT_EQ(this->blob_top_->height(), 4);
  EXPECT_EQ(this->blob_top_->width(), 5);
}

TYPED_TEST(ConcatLayerTest, TestSetupChannelsNegativeAxis) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  layer_param.mutable_concat_param()->set_axis(-3);
  ConcatLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_0_, this->blob_top_vec_);
  EXPECT_EQ(this->blob_top_->channels(), 3 + 5);
}

TYPED_TEST(ConcatLayerTest, TestSetupLegacyConcatDim) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  layer_param.mutable_concat_param()->set_concat_dim(0);
  ConcatLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_1_, this->blob_top_vec_);
  EXPECT_EQ(this->blob_top_->num(), 2 + 3);
}

TYPED_TEST(ConcatLayerTest, TestForwardSingleBottom) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  ConcatLayer<Dtype> layer(layer_param);
  vector<Blob<Dtype>*> bottom(1, this->blob_bottom_0_);
  layer.SetUp(bottom, this->blob_top_vec_);
  layer.Forward(bottom, this->blob_top_vec_);
  ASSERT_EQ(this->blob_top_->shape(), this->blob_bottom_0_->shape());
  for (int i = 0; i < this->blob_top_->count(); ++i) {
    EXPECT_EQ(this->blob_bottom_0_->cpu_data()[i], this->blob_top_->cpu_data()[i]);
  }
}

TYPED_TEST(ConcatLayerTest, TestForwardNum) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  layer_param.mutable_concat_param()->set_axis(0);
  ConcatLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_1_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_1_, this->blob_top_vec_);
  for (int n = 0; n < 5; ++n) {
    for (int c = 0; c < 3; ++c) {
      for (int h = 0; h < 4; ++h) {
        for (int w = 0; w < 5; ++w) {
          const Dtype expected = (n < 2) ? this->blob_bottom_0_->data_at(n, c, h, w)
                                         : this->blob_bottom_2_->data_at(n - 2, c, h, w);
          EXPECT_EQ(expected, this->blob_top_->data_at(n, c, h, w));
        }
      }
    }
  }
}

TYPED_TEST(ConcatLayerTest, TestForwardChannels) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  ConcatLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_0_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_0_, this->blob_top_vec_);
  for (int n = 0; n < 2; ++n) {
    for (int c = 0; c < 8; ++c) {
      for (int h = 0; h < 4; ++h) {
        for (int w = 0; w < 5; ++w) {
          const Dtype expected = (c < 3) ? this->blob_bottom_0_->data_at(n, c, h, w)
                                         : this->blob_bottom_1_->data_at(n, c - 3, h, w);
          EXPECT_EQ(expected, this->blob_top_->data_at(n, c, h, w));
        }
      }
    }
  }
}

TYPED_TEST(ConcatLayerTest, TestGradientNum) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  layer_param.mutable_concat_param()->set_axis(0);
  ConcatLayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-2, 1e-2);
  checker.CheckGradient(&layer, this->blob_bottom_vec_1_, this->blob_top_vec_);
}

TYPED_TEST(ConcatLayerTest, TestGradientChannels) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  ConcatLayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-2, 1e-2);
  checker.CheckGradient(&layer, this->blob_bottom_vec_0_, this->blob_top_vec_);
}

TYPED_TEST(ConcatLayerTest, TestGradientChannelsBottomOneOnly) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  ConcatLayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-2, 1e-2);
  checker.CheckGradient(&layer, this->blob_bottom_vec_0_, this->blob_top_vec_, 1);
}

}  // namespace caffe
