// Tests of EltwiseLayer: PROD (stable and unstable gradient), SUM with coefficients, MAX.
#include <algorithm>
#include <vector>

#include "gtest/gtest.h"

#include "caffe/blob.hpp"
#include "caffe/common.hpp"
#include "caffe/filler.hpp"
#include "caffe/layers/eltwise_layer.hpp"
#include "caffe/test/test_caffe_main.hpp"
#include "caffe/test/test_gradient_check_util.hpp"

namespace caffe {

template <typename Dtype>
class EltwiseLayerTest : public CPUDeviceTest<Dtype> {
 protected:
  EltwiseLayerTest()
      : blob_bottom_a_(new Blob<Dtype>(2, 3, 4, 5)),
        blob_bottom_b_(new Blob<Dtype>(2, 3, 4, 5)),
        blob_bottom_c_(new Blob<Dtype>(2, 3, 4, 5)),
        blob_top_(new Blob<Dtype>()) {
    // Uniform draws: ties between bottoms are practically impossible.
    Caffe::set_random_seed(kTestRandomSeed);
    FillerParameter filler_param;
    filler_param.set_min(-1);
    filler_param.set_max(1);
    UniformFiller<Dtype> filler(filler_param);
    filler.Fill(blob_bottom_a_);
    filler.Fill(blob_bottom_b_);
    filler.Fill(blob_bottom_c_);
    blob_bottom_vec_.push_back(blob_bottom_a_);
    blob_bottom_vec_.push_back(blob_bottom_b_);
    blob_bottom_vec_.push_back(blob_bottom_c_);
    blob_top_vec_.push_back(blob_top_);
  }
  virtual ~EltwiseLayerTest() {
    delete blob_bottom_a_;
    delete blob_bottom_b_;
    delete blob_bottom_c_;
    delete blob_top_;
  }
  Blob<Dtype>* const blob_bottom_a_;
  Blob<Dtype>* const blob_bottom_b_;
  Blob<Dtype>* const blob_bottom_c_;
  Blob<Dtype>* const blob_top_;
  vector<Blob<Dtype>*> blob_bottom_vec_;
  vector<Blob<Dtype>*> blob_top_vec_;
};

TYPED_TEST_SUITE(EltwiseLayerTest, TestDtypes);

TYPED_TEST(EltwiseLayerTest, TestSetUp) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  layer_param.mutable_eltwise_param()->set_operation(EltwiseParameter_EltwiseOp_PROD);
  EltwiseLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  EXPECT_EQ(this->blob_top_->shape(), this->blob_bottom_a_->shape());
}

TYPED_TEST(EltwiseLayerTest, TestProd) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  layer_param.mutable_eltwise_param()->set_operation(EltwiseParameter_EltwiseOp_PROD);
  EltwiseLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  const Dtype* a = this->blob_bottom_a_->cpu_data();
  const Dtype* b = this->blob_bottom_b_->cpu_data();
  const Dtype* c = this->blob_bottom_c_->cpu_data();
  const Dtype* y = this->blob_top_->cpu_data();
  for (int i = 0; i < this->blob_top_->count(); ++i) {
    EXPECT_NEAR(a[i] * b[i] * c[i], y[i], 1e-6);
  }
}

TYPED_TEST(EltwiseLayerTest, TestSum) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  layer_param.mutable_eltwise_param()->set_operation(EltwiseParameter_EltwiseOp_SUM);
  EltwiseLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  const Dtype* a = this->blob_bottom_a_->cpu_data();
  const Dtype* b = this->blob_bottom_b_->cpu_data();
  const Dtype* c = this->blob_bottom_c_->cpu_data();
  const Dtype* y = this->blob_top_->cpu_data();
  for (int i = 0; i < this->blob_top_->count(); ++i) {
    EXPECT_NEAR(a[i] + b[i] + c[i], y[i], 1e-6);
  }
}

TYPED_TEST(EltwiseLayerTest, TestSumCoeff) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  EltwiseParameter* eltwise_param = layer_param.mutable_eltwise_param();
  eltwise_param->set_operation(EltwiseParameter_EltwiseOp_SUM);
  eltwise_param->add_coeff(1);
  eltwise_param->add_coeff(-0.5);
  eltwise_param->add_coeff(2);
  EltwiseLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  const Dtype* a = this->blob_bottom_a_->cpu_data();
  const Dtype* b = this->blob_bottom_b_->cpu_data();
  const Dtype* c = this->blob_bottom_c_->cpu_data();
  const Dtype* y = this->blob_top_->cpu_data();
  for (int i = 0; i < this->blob_top_->count(); ++i) {
    EXPECT_NEAR(a[i] - Dtype(0.5) * b[i] + Dtype(2) * c[i], y[i], 1e-5);
  }
}

TYPED_TEST(EltwiseLayerTest, TestMax) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  layer_param.mutable_eltwise_param()->set_operation(EltwiseParameter_EltwiseOp_MAX);
  EltwiseLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  const Dtype* a = this->blob_bottom_a_->cpu_data();
  const Dtype* b = this->blob_bottom_b_->cpu_data();
  const Dtype* c = this->blob_bottom_c_->cpu_data();
  const Dtype* y = this->blob_top_->cpu_data();
  for (int i = 0; i < this->blob_top_->count(); ++i) {
    EXPECT_EQ(std::max(a[i], std::max(b[i], c[i])), y[i]);
  }
}

TYPED_TEST(EltwiseLayerTest, TestMaxTwoBottoms) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  layer_param.mutable_eltwise_param()->set_operation(EltwiseParameter_EltwiseOp_MAX);
  EltwiseLayer<Dtype> layer(layer_param);
  this->blob_bottom_vec_.pop_back();
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  const Dtype* a = this->blob_bottom_a_->cpu_data();
  const Dtype* b = this->blob_bottom_b_->cpu_data();
  const Dtype* y = this->blob_top_->cpu_data();
  for (int i = 0; i < this->blob_top_->count(); ++i) {
    EXPECT_EQ(std::max(a[i], b[i]), y[i]);
  }
  // The gradient goes to the winner only.
  const int count = this->blob_top_->count();
  for (int i = 0; i < count; ++i) this->blob_top_->mutable_cpu_diff()[i] = Dtype(i + 1);
  vector<bool> propagate_down(2, true);
  layer.Backward(this->blob_top_vec_, propagate_down, this->blob_bottom_vec_);
  for (int i = 0; i < count; ++i) {
    const bool a_wins = a[i] > b[i];
    EXPECT_EQ(a_wins ? Dtype(i + 1) : Dtype(0), this->blob_bottom_a_->cpu_diff()[i]);
    EXPECT_EQ(a_wins ? Dtype(0) : Dtype(i + 1), this->blob_bottom_b_->cpu_diff()[i]);
  }
}

TYPED_TEST(EltwiseLayerTest, TestStableProdGradient) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  layer_param.mutable_eltwise_param()->set_operation(EltwiseParameter_EltwiseOp_PROD);
  layer_param.mutable_eltwise_param()->set_stable_prod_grad(true);
  EltwiseLayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-2, 1e-3);
  checker.CheckGradientEltwise(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

TYPED_TEST(EltwiseLayerTest, TestUnstableProdGradient) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  layer_param.mutable_eltwise_param()->set_operation(EltwiseParameter_EltwiseOp_PROD);
  layer_param.mutable_eltwise_param()->set_stable_prod_grad(false);
  EltwiseLayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-2, 1e-3);
  checker.CheckGradientEltwise(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

TYPED_TEST(EltwiseLayerTest, TestSumGradient) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  layer_param.mutable_eltwise_param()->set_operation(EltwiseParameter_EltwiseOp_SUM);
  EltwiseLayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-2, 1e-3);
  checker.CheckGradientEltwise(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

TYPED_TEST(EltwiseLayerTest, TestSumCoeffGradient) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  EltwiseParameter* eltwise_param = layer_param.mutable_eltwise_param();
  eltwise_param->set_operation(EltwiseParameter_EltwiseOp_SUM);
  eltwise_param->add_coeff(1);
  eltwise_param->add_coeff(-0.5);
  eltwise_param->add_coeff(2);
  EltwiseLayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-2, 1e-3);
  checker.CheckGradientEltwise(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

TYPED_TEST(EltwiseLayerTest, TestMaxGradient) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  layer_param.mutable_eltwise_param()->set_operation(EltwiseParameter_EltwiseOp_MAX);
  EltwiseLayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-4, 1e-2);
  checker.CheckGradientEltwise(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

}  // namespace caffe
