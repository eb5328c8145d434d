// Tests of the elementwise layers: ReLU, Sigmoid, TanH, Power and Dropout.
#include <cmath>
#include <vector>

#include "gtest/gtest.h"

#include "caffe/blob.hpp"
#include "caffe/common.hpp"
#include "caffe/filler.hpp"
#include "caffe/layers/dropout_layer.hpp"
#include "caffe/layers/power_layer.hpp"
#include "caffe/layers/relu_layer.hpp"
#include "caffe/layers/sigmoid_layer.hpp"
#include "caffe/layers/tanh_layer.hpp"
#include "caffe/test/test_caffe_main.hpp"
#include "caffe/test/test_gradient_check_util.hpp"

namespace caffe {

template <typename Dtype>
class NeuronLayerTest : public CPUDeviceTest<Dtype> {
 protected:
  NeuronLayerTest()
      : blob_bottom_(new Blob<Dtype>(2, 3, 4, 5)), blob_top_(new Blob<Dtype>()) {
    Caffe::set_random_seed(kTestRandomSeed);
    FillerParameter filler_param;
    GaussianFiller<Dtype> filler(filler_param);
    filler.Fill(blob_bottom_);
    blob_bottom_vec_.push_back(blob_bottom_);
    blob_top_vec_.push_back(blob_top_);
  }
  virtual ~NeuronLayerTest() {
    delete blob_bottom_;
    delete blob_top_;
  }

  // Forward of Power against std::pow, then (where the result is finite) its gradient.
  void CheckPower(float power, float scale, float shift) {
    LayerParameter layer_param;
    layer_param.mutable_power_param()->set_power(power);
    layer_param.mutable_power_param()->set_scale(scale);
    layer_param.mutable_power_param()->set_shift(shift);
    const bool integer_power = (power == std::floor(power));
    if (!integer_power && scale != 0) {
      // Keep the base shift + scale * x in [0.5, 1.5] so a fractional power is defined.
      Dtype* x = blob_bottom_->mutable_cpu_data();
      for (int i = 0; i < blob_bottom_->count(); ++i) {
        const Dtype base = Dtype(0.5) + std::fabs(std::fmod(x[i], Dtype(1)));
        x[i] = (base - shift) / scale;
      }
    }
    PowerLayer<Dtype> layer(layer_param);
    layer.SetUp(blob_bottom_vec_, blob_top_vec_);
    layer.Forward(blob_bottom_vec_, blob_top_vec_);
    const Dtype* bottom_data = blob_bottom_->cpu_data();
    const Dtype* top_data = blob_top_->cpu_data();
    const Dtype min_precision = 1e-5;
    for (int i = 0; i < blob_bottom_->count(); ++i) {
      const Dtype expected =
          std::pow(Dtype(shift) + Dtype(scale) * bottom_data[i], Dtype(power));
      if (power == 0 || scale == 0) {
        // The layer defines these as constants, even 0^0 = 1.
        const Dtype constant = (power == 0) ? Dtype(1) : std::pow(Dtype(shift), Dtype(power));
        EXPECT_NEAR(constant, top_data[i], min_precision);
      } else {
        const Dtype precision = std::max(std::fabs(expected) * Dtype(1e-4), min_precision);
        EXPECT_NEAR(expected, top_data[i], precision) << "at " << i;
      }
    }
    GradientChecker<Dtype> checker(1e-3, 1e-2, 1701, 0., 0.01);
    checker.CheckGradientEltwise(&layer, blob_bottom_vec_, blob_top_vec_);
  }

  Blob<Dtype>* const blob_bottom_;
  Blob<Dtype>* const blob_top_;
  vector<Blob<Dtype>*> blob_bottom_vec_;
  vector<Blob<Dtype>*> blob_top_vec_;
};

TYPED_TEST_SUITE(NeuronLayerTest, TestDtypes);

TYPED_TEST(NeuronLayerTest, TestReLU) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  ReLULayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  EXPECT_EQ(this->blob_top_->shape(), this->blob_bottom_->shape());
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  const Dtype* bottom_data = this->blob_bottom_->cpu_data();
  const Dtype* top_data = this->blob_top_->cpu_data();
  for (int i = 0; i < this->blob_bottom_->count(); ++i) {
    EXPECT_EQ(bottom_data[i] > 0 ? bottom_data[i] : Dtype(0), top_data[i]);
  }
}

TYPED_TEST(NeuronLayerTest, TestReLUGradient) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  ReLULayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-2, 1e-3, 1701, 0., 0.01);
  checker.CheckGradientEltwise(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

TYPED_TEST(NeuronLayerTest, TestReLUWithNegativeSlope) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  layer_param.mutable_relu_param()->set_negative_slope(0.01);
  ReLULayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  const Dtype* bottom_data = this->blob_bottom_->cpu_data();
  const Dtype* top_data = this->blob_top_->cpu_data();
  for (int i = 0; i < this->blob_bottom_->count(); ++i) {
    const Dtype x = bottom_data[i];
    const Dtype expected = x > 0 ? x : Dtype(0.01) * x;
    EXPECT_NEAR(expected, top_data[i], 1e-7);
  }
}

TYPED_TEST(NeuronLayerTest, TestReLUGradientWithNegativeSlope) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  layer_param.mutable_relu_param()->set_negative_slope(0.01);
  ReLULayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-2, 1e-3, 1701, 0., 0.01);
  checker.CheckGradientEltwise(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

TYPED_TEST(NeuronLayerTest, TestReLUInPlace) {
  typedef TypeParam Dtype;
  for (int with_slope = 0; with_slope < 2; ++with_slope) {
    const Dtype slope = with_slope ? Dtype(0.25) : Dtype(0);
    LayerParameter layer_param;
    layer_param.mutable_relu_param()->set_negative_slope(slope);
    ReLULayer<Dtype> layer(layer_param);
    Blob<Dtype> blob(2, 3, 4, 5);
    blob.CopyFrom(*this->blob_bottom_);
    const int count = blob.count();
    vector<Dtype> x(this->blob_bottom_->cpu_data(), this->blob_bottom_->cpu_data() + count);
    // A top diff of its own, written before the in-place backward.
    vector<Dtype> dy(count);
    for (int i = 0; i < count; ++i) dy[i] = Dtype(0.1) * ((i % 7) - 3);
    vector<Blob<Dtype>*> vec(1, &blob);
    layer.SetUp(vec, vec);
    layer.Forward(vec, vec);
    for (int i = 0; i < count; ++i) {
      const Dtype expected = x[i] > 0 ? x[i] : slope * x[i];
      EXPECT_NEAR(expected, blob.cpu_data()[i], 1e-7);
    }
    caffe_copy(count, dy.data(), blob.mutable_cpu_diff());
    vector<bool> propagate_down(1, true);
    layer.Backward(vec, propagate_down, vec);
    for (int i = 0; i < count; ++i) {
      const Dtype expected = x[i] > 0 ? dy[i] : slope * dy[i];
      EXPECT_NEAR(expected, blob.cpu_diff()[i], 1e-7);
    }
  }
}

TYPED_TEST(NeuronLayerTest, TestSigmoid) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  SigmoidLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  const Dtype* bottom_data = this->blob_bottom_->cpu_data();
  const Dtype* top_data = this->blob_top_->cpu_data();
  for (int i = 0; i < this->blob_bottom_->count(); ++i) {
    const Dtype expected = Dtype(1) / (Dtype(1) + std::exp(-bottom_data[i]));
    EXPECT_NEAR(expected, top_data[i], 1e-6);
    EXPECT_GE(top_data[i], 0.);
    EXPECT_LE(top_data[i], 1.);
  }
}

TYPED_TEST(NeuronLayerTest, TestSigmoidGradient) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  SigmoidLayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-2, 1e-3, 1701, 0., 0.01);
  checker.CheckGradientEltwise(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

TYPED_TEST(NeuronLayerTest, TestTanH) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  TanHLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  const Dtype* bottom_data = this->blob_bottom_->cpu_data();
  const Dtype* top_data = this->blob_top_->cpu_data();
  for (int i = 0; i < this->blob_bottom_->count(); ++i) {
    const Dtype x = bottom_data[i];
    const Dtype expected = (std::exp(2 * x) - 1) / (std::exp(2 * x) + 1);
    EXPECT_NEAR(expected, top_data[i], 1e-6);
  }
}

TYPED_TEST(NeuronLayerTest, TestTanHGradient) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  TanHLayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-2, 1e-3);
  checker.CheckGradientEltwise(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

TYPED_TEST(NeuronLayerTest, TestPowerFractional) { this->CheckPower(0.37, 0.83, -2.4); }

TYPED_TEST(NeuronLayerTest, TestPowerOne) { this->CheckPower(1.0, 0.83, -2.4); }

TYPED_TEST(NeuronLayerTest, TestPowerZero) { this->CheckPower(0.0, 0.83, -2.4); }

TYPED_TEST(NeuronLayerTest, TestPowerZeroScale) { this->CheckPower(3.0, 0.0, -2.4); }

TYPED_TEST(NeuronLayerTest, TestPowerTwo) { this->CheckPower(2.0, 0.34, -2.4); }

TYPED_TEST(NeuronLayerTest, TestPowerTwoNoShift) { this->CheckPower(2.0, 0.5, 0.0); }

TYPED_TEST(NeuronLayerTest, TestPowerThreeNoShift) { this->CheckPower(3.0, 0.8, 0.0); }

TYPED_TEST(NeuronLayerTest, TestPowerNegativeNoShift) { this->CheckPower(-0.5, 1.2, 0.0); }

TYPED_TEST(NeuronLayerTest, TestPowerSquareRootScaled) { this->CheckPower(0.5, 2.0, 1.5); }

TYPED_TEST(NeuronLayerTest, TestDropoutTrain) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  layer_param.set_phase(TRAIN);
  const float ratio = 0.5;
  layer_param.mutable_dropout_param()->set_dropout_ratio(ratio);
  // A larger blob so the kept fraction is measurable.
  Blob<Dtype> bottom(10, 10, 10, 10);
  FillerParameter filler_param;
  filler_param.set_min(1);
  filler_param.set_max(2);
  UniformFiller<Dtype> filler(filler_param);
  filler.Fill(&bottom);
  vector<Blob<Dtype>*> bottom_vec(1, &bottom);
  DropoutLayer<Dtype> layer(layer_param);
  layer.SetUp(bottom_vec, this->blob_top_vec_);
  layer.Forward(bottom_vec, this->blob_top_vec_);
  const Dtype scale = Dtype(1) / (Dtype(1) - ratio);
  const int count = bottom.count();
  int num_kept = 0;
  for (int i = 0; i < count; ++i) {
    const Dtype y = this->blob_top_->cpu_data()[i];
    if (y != 0) {
      ++num_kept;
      EXPECT_NEAR(bottom.cpu_data()[i] * scale, y, 1e-6);
    }
  }
  const double kept_fraction = static_cast<double>(num_kept) / count;
  // 1000 Bernoulli(0.5) draws: the standard deviation of the fraction is ~0.016.
  EXPECT_NEAR(kept_fraction, 1 - ratio, 0.08);

  // Backward passes the gradient through the same mask.
  const Dtype* top_data = this->blob_top_->cpu_data();
  caffe_set(count, Dtype(1), this->blob_top_->mutable_cpu_diff());
  vector<bool> propagate_down(1, true);
  layer.Backward(this->blob_top_vec_, propagate_down, bottom_vec);
  for (int i = 0; i < count; ++i) {
    EXPECT_EQ(top_data[i] != 0 ? scale : Dtype(0), bottom.cpu_diff()[i]);
  }
}

TYPED_TEST(NeuronLayerTest, TestDropoutHighRatio) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  layer_param.set_phase(TRAIN);
  const float ratio = 0.75;
  layer_param.mutable_dropout_param()->set_dropout_ratio(ratio);
  Blob<Dtype> bottom(10, 10, 10, 10);
  caffe_set(bottom.count(), Dtype(1), bottom.mutable_cpu_data());
  vector<Blob<Dtype>*> bottom_vec(1, &bottom);
  DropoutLayer<Dtype> layer(layer_param);
  layer.SetUp(bottom_vec, this->blob_top_vec_);
  layer.Forward(bottom_vec, this->blob_top_vec_);
  int num_kept = 0;
  for (int i = 0; i < bottom.count(); ++i) {
    const Dtype y = this->blob_top_->cpu_data()[i];
    if (y != 0) {
      ++num_kept;
      EXPECT_NEAR(Dtype(4), y, 1e-6);
    }
  }
  EXPECT_NEAR(static_cast<double>(num_kept) / bottom.count(), 1 - ratio, 0.07);
}

TYPED_TEST(NeuronLayerTest, TestDropoutTestPhase) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  layer_param.set_phase(TEST);
  DropoutLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  for (int i = 0; i < this->blob_bottom_->count(); ++i) {
    EXPECT_EQ(this->blob_bottom_->cpu_data()[i], this->blob_top_->cpu_data()[i]);
  }
}

TYPED_TEST(NeuronLayerTest, TestDropoutGradient) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  layer_param.set_phase(TRAIN);
  DropoutLayer<Dtype> layer(layer_param);
  // The checker reseeds the RNG before every forward, so the mask stays fixed.
  GradientChecker<Dtype> checker(1e-2, 1e-3);
  checker.CheckGradientEltwise(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

TYPED_TEST(NeuronLayerTest, TestDropoutGradientTest) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  layer_param.set_phase(TEST);
  DropoutLayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-2, 1e-3);
  checker.CheckGradientEltwise(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

}  // namespace caffe
