// Tests of SplitLayer: the tops share the bottom's data, the bottom's diff sums theirs.
#include <vector>

#include "gtest/gtest.h"

#include "caffe/blob.hpp"
#include "caffe/common.hpp"
#include "caffe/filler.hpp"
#include "caffe/layers/split_layer.hpp"
#include "caffe/test/test_caffe_main.hpp"
#include "caffe/test/test_gradient_check_util.hpp"

namespace caffe {

template <typename Dtype>
class SplitLayerTest : public CPUDeviceTest<Dtype> {
 protected:
  SplitLayerTest()
      : blob_bottom_(new Blob<Dtype>(2, 3, 6, 5)),
        blob_top_a_(new Blob<Dtype>()),
        blob_top_b_(new Blob<Dtype>()),
        blob_top_c_(new Blob<Dtype>()) {
    Caffe::set_random_seed(kTestRandomSeed);
    FillerParameter filler_param;
    GaussianFiller<Dtype> filler(filler_param);
    filler.Fill(blob_bottom_);
    blob_bottom_vec_.push_back(blob_bottom_);
    blob_top_vec_.push_back(blob_top_a_);
    blob_top_vec_.push_back(blob_top_b_);
  }
  virtual ~SplitLayerTest() {
    delete blob_bottom_;
    delete blob_top_a_;
    delete blob_top_b_;
    delete blob_top_c_;
  }
  Blob<Dtype>* const blob_bottom_;
  Blob<Dtype>* const blob_top_a_;
  Blob<Dtype>* const blob_top_b_;
  Blob<Dtype>* const blob_top_c_;
  vector<Blob<Dtype>*> blob_bottom_vec_;
  vector<Blob<Dtype>*> blob_top_vec_;
};

TYPED_TEST_SUITE(SplitLayerTest, TestDtypes);

TYPED_TEST(SplitLayerTest, TestSetup) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  SplitLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  EXPECT_EQ(this->blob_top_a_->shape(), this->blob_bottom_->shape());
  EXPECT_EQ(this->blob_top_b_->shape(), this->blob_bottom_->shape());
}

TYPED_TEST(SplitLayerTest, TestForward) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  SplitLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  for (int i = 0; i < this->blob_bottom_->count(); ++i) {
    const Dtype x = this->blob_bottom_->cpu_data()[i];
    EXPECT_EQ(x, this->blob_top_a_->cpu_data()[i]);
    EXPECT_EQ(x, this->blob_top_b_->cpu_data()[i]);
  }
  // Shared, not copied.
  EXPECT_EQ(this->blob_bottom_->cpu_data(), this->blob_top_a_->cpu_data());
}

TYPED_TEST(SplitLayerTest, TestBackwardSums) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  this->blob_top_vec_.push_back(this->blob_top_c_);
  SplitLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  const int count = this->blob_bottom_->count();
  for (int i = 0; i < count; ++i) {
    this->blob_top_a_->mutable_cpu_diff()[i] = Dtype(i);
    this->blob_top_b_->mutable_cpu_diff()[i] = Dtype(2 * i + 1);
    this->blob_top_c_->mutable_cpu_diff()[i] = Dtype(-0.5 * i);
  }
  vector<bool> propagate_down(1, true);
  layer.Backward(this->blob_top_vec_, propagate_down, this->blob_bottom_vec_);
  for (int i = 0; i < count; ++i) {
    EXPECT_NEAR(Dtype(i) + Dtype(2 * i + 1) + Dtype(-0.5 * i),
                this->blob_bottom_->cpu_diff()[i], 1e-5);
  }
}

TYPED_TEST(SplitLayerTest, TestGradient) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  SplitLayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-2, 1e-2);
  checker.CheckGradientEltwise(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

TYPED_TEST(SplitLayerTest, TestGradientSingleTop) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  this->blob_top_vec_.pop_back();
  SplitLayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-2, 1e-2);
  checker.CheckGradientEltwise(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

}  // namespace caffe
