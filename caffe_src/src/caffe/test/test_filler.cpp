// Fillers: value ranges and moments of the constant/uniform/gaussian/xavier/msra fills.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>

#include "caffe/blob.hpp"
#include "caffe/common.hpp"
#include "caffe/filler.hpp"
#include "caffe/test/test_caffe_main.hpp"

namespace caffe {

template <typename Dtype>
class FillerTest : public ::testing::Test {
 protected:
  FillerTest() : blob_(new Blob<Dtype>(20, 10, 4, 5)) { Caffe::set_random_seed(1701); }
  virtual ~FillerTest() { delete blob_; }

  void Moments(double* mean, double* var) const {
    const int n = blob_->count();
    const Dtype* data = blob_->cpu_data();
    double sum = 0, sq = 0;
    for (int i = 0; i < n; ++i) {
      sum += data[i];
      sq += static_cast<double>(data[i]) * data[i];
    }
    *mean = sum / n;
    *var = sq / n - (*mean) * (*mean);
  }

  Blob<Dtype>* const blob_;
  FillerParameter filler_param_;
};

TYPED_TEST_SUITE(FillerTest, TestDtypes);

TYPED_TEST(FillerTest, TestConstant) {
  this->filler_param_.set_value(10.);
  ConstantFiller<TypeParam> filler(this->filler_param_);
  filler.Fill(this->blob_);
  for (int i = 0; i < this->blob_->count(); ++i) {
    EXPECT_EQ(this->blob_->cpu_data()[i], TypeParam(10));
  }
}

TYPED_TEST(FillerTest, TestUniform) {
  this->filler_param_.set_min(1.);
  this->filler_param_.set_max(2.);
  UniformFiller<TypeParam> filler(this->filler_param_);
  filler.Fill(this->blob_);
  for (int i = 0; i < this->blob_->count(); ++i) {
    EXPECT_GE(this->blob_->cpu_data()[i], TypeParam(1));
    EXPECT_LE(this->blob_->cpu_data()[i], TypeParam(2));
  }
  double mean, var;
  this->Moments(&mean, &var);
  EXPECT_NEAR(mean, 1.5, 0.03);
  EXPECT_NEAR(var, 1. / 12, 0.01);
}

TYPED_TEST(FillerTest, TestGaussian) {
  this->filler_param_.set_mean(10.);
  this->filler_param_.set_std(0.5);
  GaussianFiller<TypeParam> filler(this->filler_param_);
  filler.Fill(this->blob_);
  double mean, var;
  this->Moments(&mean, &var);
  EXPECT_NEAR(mean, 10., 0.05);
  EXPECT_NEAR(var, 0.25, 0.03);
}

TYPED_TEST(FillerTest, TestXavier) {
  // fan_in = 10 * 4 * 5 = 200: uniform in [-sqrt(3/200), sqrt(3/200)].
  XavierFiller<TypeParam> filler(this->filler_param_);
  filler.Fill(this->blob_);
  const double limit = std::sqrt(3.0 / 200);
  for (int i = 0; i < this->blob_->count(); ++i) {
    EXPECT_LE(std::fabs(this->blob_->cpu_data()[i]), limit * (1 + 1e-6));
  }
  double mean, var;
  this->Moments(&mean, &var);
  EXPECT_NEAR(mean, 0, 0.01);
  EXPECT_NEAR(var, 1.0 / 200, 0.001);
}

TYPED_TEST(FillerTest, TestMSRA) {
  MSRAFiller<TypeParam> filler(this->filler_param_);
  filler.Fill(this->blob_);
  double mean, var;
  this->Moments(&mean, &var);
  EXPECT_NEAR(mean, 0, 0.01);
  EXPECT_NEAR(var, 2.0 / 200, 0.002);
}

TYPED_TEST(FillerTest, TestGetFiller) {
  this->filler_param_.set_type("uniform");
  std::unique_ptr<Filler<TypeParam> > filler(GetFiller<TypeParam>(this->filler_param_));
  ASSERT_TRUE(filler != nullptr);
  this->filler_param_.set_min(-1);
  filler.reset(GetFiller<TypeParam>(this->filler_param_));
  filler->Fill(this->blob_);
  for (int i = 0; i < this->blob_->count(); ++i) {
    EXPECT_GE(this->blob_->cpu_data()[i], TypeParam(-1));
    EXPECT_LE(this->blob_->cpu_data()[i], TypeParam(1));
  }
}

TYPED_TEST(FillerTest, TestReproducibleWithSeed) {
  this->filler_param_.set_std(1);
  GaussianFiller<TypeParam> filler(this->filler_param_);
  Caffe::set_random_seed(123);
  filler.Fill(this->blob_);
  Blob<TypeParam> other(20, 10, 4, 5);
  Caffe::set_random_seed(123);
  filler.Fill(&other);
  for (int i = 0; i < other.count(); ++i) {
    EXPECT_EQ(other.cpu_data()[i], this->blob_->cpu_data()[i]);
  }
}

}  // namespace caffe
