// Tests of BatchNormLayer: per-channel zero mean / unit variance in TRAIN, the
// running statistics, global-stats mode, in-place use and the gradient.
#include <cmath>
#include <vector>

#include "gtest/gtest.h"

#include "caffe/blob.hpp"
#include "caffe/common.hpp"
#include "caffe/filler.hpp"
#include "caffe/layers/batch_norm_layer.hpp"
#include "caffe/test/test_caffe_main.hpp"
#include "caffe/test/test_gradient_check_util.hpp"

namespace caffe {

template <typename Dtype>
class BatchNormLayerTest : public CPUDeviceTest<Dtype> {
 protected:
  BatchNormLayerTest() : blob_bottom_(new Blob<Dtype>(5, 2, 3, 4)), blob_top_(new Blob<Dtype>()) {
    Caffe::set_random_seed(kTestRandomSeed);
    FillerParameter filler_param;
    filler_param.set_mean(1.5);
    filler_param.set_std(2);
    GaussianFiller<Dtype> filler(filler_param);
    filler.Fill(blob_bottom_);
    blob_bottom_vec_.push_back(blob_bottom_);
    blob_top_vec_.push_back(blob_top_);
  }
  virtual ~BatchNormLayerTest() {
    delete blob_bottom_;
    delete blob_top_;
  }

  // Mean and (biased) variance of channel c of blob over batch and space.
  static void ChannelStats(const Blob<Dtype>& blob, int c, double* mean, double* var) {
    const int num = blob.shape(0), channels = blob.shape(1);
    const int spatial = blob.count(2);
    double sum = 0, sumsq = 0;
    for (int n = 0; n < num; ++n) {
      for (int s = 0; s < spatial; ++s) {
        const double v = blob.cpu_data()[(n * channels + c) * spatial + s];
        sum += v;
        sumsq += v * v;
      }
    }
    const int m = num * spatial;
    *mean = sum / m;
    *var = sumsq / m - (*mean) * (*mean);
  }

  Blob<Dtype>* const blob_bottom_;
  Blob<Dtype>* const blob_top_;
  vector<Blob<Dtype>*> blob_bottom_vec_;
  vector<Blob<Dtype>*> blob_top_vec_;
};

TYPED_TEST_SUITE(BatchNormLayerTest, TestDtypes);

TYPED_TEST(BatchNormLayerTest, TestForward) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  BatchNormLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  EXPECT_EQ(this->blob_top_->shape(), this->blob_bottom_->shape());
  ASSERT_EQ(layer.blobs().size(), 3);
  // The statistics are not learned.
  ASSERT_EQ(layer.layer_param().param_size(), 3);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(layer.layer_param().param(i).lr_mult(), 0);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  const Dtype eps = layer_param.batch_norm_param().eps();
  for (int c = 0; c < 2; ++c) {
    double mean, var;
    this->ChannelStats(*this->blob_top_, c, &mean, &var);
    EXPECT_NEAR(0, mean, 1e-5);
    EXPECT_NEAR(1, var, 1e-3);
    // Elementwise: (x - mean_c) / sqrt(var_c + eps).
    double in_mean, in_var;
    this->ChannelStats(*this->blob_bottom_, c, &in_mean, &in_var);
    const int spatial = 12;
    for (int n = 0; n < 5; ++n) {
      for (int s = 0; s < spatial; ++s) {
        const int idx = (n * 2 + c) * spatial + s;
        const double expected =
            (this->blob_bottom_->cpu_data()[idx] - in_mean) / std::sqrt(in_var + eps);
        EXPECT_NEAR(expected, this->blob_top_->cpu_data()[idx], 1e-4);
      }
    }
  }
}

TYPED_TEST(BatchNormLayerTest, TestForward2D) {
  typedef TypeParam Dtype;
  // N x C input without spatial axes.
  vector<int> shape(2);
  shape[0] = 8;
  shape[1] = 3;
  this->blob_bottom_->Reshape(shape);
  FillerParameter filler_param;
  filler_param.set_mean(-1);
  filler_param.set_std(3);
  GaussianFiller<Dtype> filler(filler_param);
  filler.Fill(this->blob_bottom_);
  LayerParameter layer_param;
  BatchNormLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  for (int c = 0; c < 3; ++c) {
    double mean, var;
    this->ChannelStats(*this->blob_top_, c, &mean, &var);
    EXPECT_NEAR(0, mean, 1e-5);
    EXPECT_NEAR(1, var, 1e-3);
  }
}

TYPED_TEST(BatchNormLayerTest, TestRunningStatsAndGlobalStats) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  layer_param.mutable_batch_norm_param()->set_moving_average_fraction(0.9);
  BatchNormLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  // After two identical batches: weight 0.9 * 1 + 1, sums (0.9 + 1) * statistic,
  // the variance stored unbiased (m / (m - 1)).
  const int m = 5 * 3 * 4;
  EXPECT_NEAR(1.9, layer.blobs()[2]->cpu_data()[0], 1e-5);
  vector<double> means(2), vars(2);
  for (int c = 0; c < 2; ++c) {
    this->ChannelStats(*this->blob_bottom_, c, &means[c], &vars[c]);
    EXPECT_NEAR(1.9 * means[c], layer.blobs()[0]->cpu_data()[c], 1e-4);
    EXPECT_NEAR(1.9 * vars[c] * m / (m - 1), layer.blobs()[1]->cpu_data()[c], 1e-3);
  }

  // A TEST-phase layer with these statistics normalizes with them.
  LayerParameter test_param;
  test_param.set_phase(TEST);
  BatchNormLayer<Dtype> test_layer(test_param);
  Blob<Dtype> test_top;
  vector<Blob<Dtype>*> test_top_vec(1, &test_top);
  test_layer.SetUp(this->blob_bottom_vec_, test_top_vec);
  for (int i = 0; i < 3; ++i) test_layer.blobs()[i]->CopyFrom(*layer.blobs()[i]);
  test_layer.Forward(this->blob_bottom_vec_, test_top_vec);
  const double eps = test_param.batch_norm_param().eps();
  for (int n = 0; n < 5; ++n) {
    for (int c = 0; c < 2; ++c) {
      const double sd = std::sqrt(vars[c] * m / (m - 1) + eps);
      for (int s = 0; s < 12; ++s) {
        const int idx = (n * 2 + c) * 12 + s;
        const double expected = (this->blob_bottom_->cpu_data()[idx] - means[c]) / sd;
        EXPECT_NEAR(expected, test_top.cpu_data()[idx], 1e-4);
      }
    }
  }
  // The statistics are left alone in TEST.
  EXPECT_NEAR(1.9, test_layer.blobs()[2]->cpu_data()[0], 1e-6);

  // Its backward is the affine map's: dx = dy / sd.
  for (int i = 0; i < test_top.count(); ++i) test_top.mutable_cpu_diff()[i] = Dtype(0.01 * i);
  test_layer.Backward(test_top_vec, vector<bool>(1, true), this->blob_bottom_vec_);
  for (int n = 0; n < 5; ++n) {
    for (int c = 0; c < 2; ++c) {
      const double sd = std::sqrt(vars[c] * m / (m - 1) + eps);
      for (int s = 0; s < 12; ++s) {
        const int idx = (n * 2 + c) * 12 + s;
        EXPECT_NEAR(0.01 * idx / sd, this->blob_bottom_->cpu_diff()[idx], 1e-5);
      }
    }
  }
}

TYPED_TEST(BatchNormLayerTest, TestInPlace) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  BatchNormLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  const int count = this->blob_top_->count();
  for (int i = 0; i < count; ++i) {
    this->blob_top_->mutable_cpu_diff()[i] = Dtype(std::sin(0.3 * i));
  }
  layer.Backward(this->blob_top_vec_, vector<bool>(1, true), this->blob_bottom_vec_);

  Blob<Dtype> blob;
  blob.CopyFrom(*this->blob_bottom_, false, true);
  vector<Blob<Dtype>*> vec(1, &blob);
  BatchNormLayer<Dtype> in_place(layer_param);
  in_place.SetUp(vec, vec);
  in_place.Forward(vec, vec);
  for (int i = 0; i < count; ++i) {
    EXPECT_NEAR(this->blob_top_->cpu_data()[i], blob.cpu_data()[i], 1e-5);
  }
  caffe_copy(count, this->blob_top_->cpu_diff(), blob.mutable_cpu_diff());
  in_place.Backward(vec, vector<bool>(1, true), vec);
  for (int i = 0; i < count; ++i) {
    EXPECT_NEAR(this->blob_bottom_->cpu_diff()[i], blob.cpu_diff()[i], 1e-5);
  }
}

TYPED_TEST(BatchNormLayerTest, TestGradient) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  BatchNormLayer<Dtype> layer(layer_param);
  // The all-tops objective 0.5 * sum(y^2) is nearly constant for a normalized output, so
  // in float the finite differences carry rounding noise of ~1e-3.
  const Dtype threshold = sizeof(Dtype) == sizeof(float) ? Dtype(5e-3) : Dtype(1e-4);
  GradientChecker<Dtype> checker(1e-2, threshold);
  checker.CheckGradient(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

TYPED_TEST(BatchNormLayerTest, TestGradientExhaustive) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  BatchNormLayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-2, 1e-3);
  checker.CheckGradientExhaustive(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

TYPED_TEST(BatchNormLayerTest, TestGradientExhaustiveSmallBatch) {
  typedef TypeParam Dtype;
  this->blob_bottom_->Reshape(2, 3, 2, 1);
  FillerParameter filler_param;
  GaussianFiller<Dtype> filler(filler_param);
  filler.Fill(this->blob_bottom_);
  LayerParameter layer_param;
  layer_param.mutable_batch_norm_param()->set_eps(1e-3);
  BatchNormLayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-2, 1e-3);
  checker.CheckGradientExhaustive(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

}  // namespace caffe
