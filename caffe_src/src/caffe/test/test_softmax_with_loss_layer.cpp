// Tests of SoftmaxWithLossLayer: the loss against a direct computation under each
// normalization mode and with ignore_label, the probability top, and gradients.
#include <cfloat>
#include <cmath>
#include <vector>

#include "gtest/gtest.h"

#include "caffe/blob.hpp"
#include "caffe/common.hpp"
#include "caffe/filler.hpp"
#include "caffe/layers/softmax_loss_layer.hpp"
#include "caffe/test/test_caffe_main.hpp"
#include "caffe/test/test_gradient_check_util.hpp"

namespace caffe {

template <typename Dtype>
class SoftmaxWithLossLayerTest : public CPUDeviceTest<Dtype> {
 protected:
  // Prediction N x C x H x W = 4 x 5 x 2 x 3, labels N x 1 x H x W in [0, C).
  SoftmaxWithLossLayerTest()
      : blob_bottom_data_(new Blob<Dtype>(4, 5, 2, 3)),
        blob_bottom_label_(new Blob<Dtype>(4, 1, 2, 3)),
        blob_top_loss_(new Blob<Dtype>()) {
    Caffe::set_random_seed(kTestRandomSeed);
    FillerParameter filler_param;
    filler_param.set_std(10);
    GaussianFiller<Dtype> filler(filler_param);
    filler.Fill(blob_bottom_data_);
    for (int i = 0; i < blob_bottom_label_->count(); ++i) {
      blob_bottom_label_->mutable_cpu_data()[i] = caffe_rng_rand() % 5;
    }
    blob_bottom_vec_.push_back(blob_bottom_data_);
    blob_bottom_vec_.push_back(blob_bottom_label_);
    blob_top_vec_.push_back(blob_top_loss_);
  }
  virtual ~SoftmaxWithLossLayerTest() {
    delete blob_bottom_data_;
    delete blob_bottom_label_;
    delete blob_top_loss_;
  }

  // Sum over the non-ignored positions of -log softmax(x)[label], and their number.
  double ReferenceLossSum(bool has_ignore, int ignore_label, int* valid) {
    const Dtype* x = blob_bottom_data_->cpu_data();
    const Dtype* label = blob_bottom_label_->cpu_data();
    const int num = 4, channels = 5, spatial = 6;
    double loss = 0;
    *valid = 0;
    for (int n = 0; n < num; ++n) {
      for (int s = 0; s < spatial; ++s) {
        const int l = static_cast<int>(label[n * spatial + s]);
        if (has_ignore && l == ignore_label) continue;
        double max_value = -1e300;
        for (int c = 0; c < channels; ++c) {
          max_value = std::max(max_value, double(x[(n * channels + c) * spatial + s]));
        }
        double sum = 0;
        for (int c = 0; c < channels; ++c) {
          sum += std::exp(double(x[(n * channels + c) * spatial + s]) - max_value);
        }
        const double log_prob = double(x[(n * channels + l) * spatial + s]) - max_value -
                                std::log(sum);
        // The layer clamps the probability at FLT_MIN before the log.
        loss -= std::max(log_prob, std::log(double(FLT_MIN)));
        ++*valid;
      }
    }
    return loss;
  }

  Blob<Dtype>* const blob_bottom_data_;
  Blob<Dtype>* const blob_bottom_label_;
  Blob<Dtype>* const blob_top_loss_;
  vector<Blob<Dtype>*> blob_bottom_vec_;
  vector<Blob<Dtype>*> blob_top_vec_;
};

TYPED_TEST_SUITE(SoftmaxWithLossLayerTest, TestDtypes);

TYPED_TEST(SoftmaxWithLossLayerTest, TestForwardNormalizationModes) {
  typedef TypeParam Dtype;
  const LossParameter_NormalizationMode modes[] = {
      LossParameter_NormalizationMode_FULL, LossParameter_NormalizationMode_VALID,
      LossParameter_NormalizationMode_BATCH_SIZE, LossParameter_NormalizationMode_NONE};
  for (int ignore = 0; ignore < 2; ++ignore) {
    int valid = 0;
    const double loss_sum = this->ReferenceLossSum(ignore, 2, &valid);
    if (ignore) {
      EXPECT_LT(valid, 24);
    } else {
      EXPECT_EQ(valid, 24);
    }
    for (int m = 0; m < 4; ++m) {
      LayerParameter layer_param;
      layer_param.mutable_loss_param()->set_normalization(modes[m]);
      if (ignore) layer_param.mutable_loss_param()->set_ignore_label(2);
      SoftmaxWithLossLayer<Dtype> layer(layer_param);
      layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
      EXPECT_EQ(this->blob_top_loss_->count(), 1);
      const Dtype returned = layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
      double normalizer = 1;
      switch (modes[m]) {
        case LossParameter_NormalizationMode_FULL: normalizer = 24; break;
        case LossParameter_NormalizationMode_VALID: normalizer = valid; break;
        case LossParameter_NormalizationMode_BATCH_SIZE: normalizer = 4; break;
        default: normalizer = 1;
      }
      const double expected = loss_sum / normalizer;
      const Dtype loss = this->blob_top_loss_->cpu_data()[0];
      EXPECT_NEAR(expected, loss, 1e-4 * std::max(1.0, std::fabs(expected)))
          << "mode " << modes[m] << " ignore " << ignore;
      // The default loss weight is 1, so Forward returns the loss itself.
      EXPECT_NEAR(loss, returned, 1e-6 * std::max(1.0, std::fabs(expected)));
    }
  }
}

TYPED_TEST(SoftmaxWithLossLayerTest, TestForwardLegacyNormalize) {
  typedef TypeParam Dtype;
  int valid = 0;
  const double loss_sum = this->ReferenceLossSum(false, 0, &valid);
  for (int normalize = 0; normalize < 2; ++normalize) {
    LayerParameter layer_param;
    layer_param.mutable_loss_param()->set_normalize(normalize);
    SoftmaxWithLossLayer<Dtype> layer(layer_param);
    layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
    layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
    // true: VALID (24 positions here), false: BATCH_SIZE (4).
    const double expected = loss_sum / (normalize ? 24 : 4);
    EXPECT_NEAR(expected, this->blob_top_loss_->cpu_data()[0], 1e-4 * expected);
  }
}

TYPED_TEST(SoftmaxWithLossLayerTest, TestForwardAllIgnored) {
  typedef TypeParam Dtype;
  for (int i = 0; i < this->blob_bottom_label_->count(); ++i) {
    this->blob_bottom_label_->mutable_cpu_data()[i] = 3;
  }
  LayerParameter layer_param;
  layer_param.mutable_loss_param()->set_ignore_label(3);
  SoftmaxWithLossLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  EXPECT_EQ(Dtype(0), this->blob_top_loss_->cpu_data()[0]);
  layer.Backward(this->blob_top_vec_, vector<bool>{true, false}, this->blob_bottom_vec_);
  for (int i = 0; i < this->blob_bottom_data_->count(); ++i) {
    EXPECT_EQ(Dtype(0), this->blob_bottom_data_->cpu_diff()[i]);
  }
}

TYPED_TEST(SoftmaxWithLossLayerTest, TestProbTop) {
  typedef TypeParam Dtype;
  Blob<Dtype> prob;
  this->blob_top_vec_.push_back(&prob);
  LayerParameter layer_param;
  SoftmaxWithLossLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  EXPECT_EQ(prob.shape(), this->blob_bottom_data_->shape());
  const Dtype returned = layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  // Only the loss top carries weight.
  EXPECT_NEAR(this->blob_top_loss_->cpu_data()[0], returned, 1e-5);
  const Dtype* x = this->blob_bottom_data_->cpu_data();
  for (int n = 0; n < 4; ++n) {
    for (int s = 0; s < 6; ++s) {
      double sum = 0;
      for (int c = 0; c < 5; ++c) sum += std::exp(double(x[(n * 5 + c) * 6 + s]));
      for (int c = 0; c < 5; ++c) {
        EXPECT_NEAR(std::exp(double(x[(n * 5 + c) * 6 + s])) / sum,
                    prob.cpu_data()[(n * 5 + c) * 6 + s], 1e-5);
      }
    }
  }
}

TYPED_TEST(SoftmaxWithLossLayerTest, TestBackwardReference) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  layer_param.add_loss_weight(3);
  layer_param.mutable_loss_param()->set_ignore_label(1);
  Blob<Dtype> prob;
  this->blob_top_vec_.push_back(&prob);
  layer_param.add_loss_weight(0);
  SoftmaxWithLossLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Backward(this->blob_top_vec_, vector<bool>{true, false}, this->blob_bottom_vec_);
  // dx = weight / valid * (p - onehot(label)), zero at ignored positions.
  const Dtype* label = this->blob_bottom_label_->cpu_data();
  int valid = 0;
  for (int i = 0; i < 24; ++i) valid += (static_cast<int>(label[i]) != 1);
  for (int n = 0; n < 4; ++n) {
    for (int s = 0; s < 6; ++s) {
      const int l = static_cast<int>(label[n * 6 + s]);
      for (int c = 0; c < 5; ++c) {
        const int idx = (n * 5 + c) * 6 + s;
        const Dtype expected =
            (l == 1) ? Dtype(0) : Dtype(3) / valid * (prob.cpu_data()[idx] - (c == l));
        EXPECT_NEAR(expected, this->blob_bottom_data_->cpu_diff()[idx], 1e-5);
      }
    }
  }
}

TYPED_TEST(SoftmaxWithLossLayerTest, TestGradient) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  layer_param.add_loss_weight(3);
  SoftmaxWithLossLayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-2, 1e-2, 1701);
  checker.CheckGradientExhaustive(&layer, this->blob_bottom_vec_, this->blob_top_vec_, 0);
}

TYPED_TEST(SoftmaxWithLossLayerTest, TestGradientIgnoreLabel) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  layer_param.mutable_loss_param()->set_ignore_label(0);
  SoftmaxWithLossLayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-2, 1e-2, 1701);
  checker.CheckGradientExhaustive(&layer, this->blob_bottom_vec_, this->blob_top_vec_, 0);
}

TYPED_TEST(SoftmaxWithLossLayerTest, TestGradientNormalizationModes) {
  typedef TypeParam Dtype;
  const LossParameter_NormalizationMode modes[] = {
      LossParameter_NormalizationMode_FULL, LossParameter_NormalizationMode_VALID,
      LossParameter_NormalizationMode_BATCH_SIZE, LossParameter_NormalizationMode_NONE};
  for (int m = 0; m < 4; ++m) {
    LayerParameter layer_param;
    layer_param.mutable_loss_param()->set_ignore_label(4);
    layer_param.mutable_loss_param()->set_normalization(modes[m]);
    SoftmaxWithLossLayer<Dtype> layer(layer_param);
    GradientChecker<Dtype> checker(1e-2, 1e-2, 1701);
    checker.CheckGradientExhaustive(&layer, this->blob_bottom_vec_, this->blob_top_vec_, 0);
  }
}

}  // namespace caffe
