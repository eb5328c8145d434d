// Tests of SoftmaxLayer: forward against a direct computation (channel axis and
// other axes) and gradients.
#include <cmath>
#include <vector>

#include "gtest/gtest.h"

#include "caffe/blob.hpp"
#include "caffe/common.hpp"
#include "caffe/filler.hpp"
#include "caffe/layers/softmax_layer.hpp"
#include "caffe/test/test_caffe_main.hpp"
#include "caffe/test/test_gradient_check_util.hpp"

namespace caffe {

template <typename Dtype>
class SoftmaxLayerTest : public CPUDeviceTest<Dtype> {
 protected:
  SoftmaxLayerTest() : blob_bottom_(new Blob<Dtype>(2, 5, 2, 3)), blob_top_(new Blob<Dtype>()) {
    Caffe::set_random_seed(kTestRandomSeed);
    FillerParameter filler_param;
    filler_param.set_std(3);
    GaussianFiller<Dtype> filler(filler_param);
    filler.Fill(blob_bottom_);
    blob_bottom_vec_.push_back(blob_bottom_);
    blob_top_vec_.push_back(blob_top_);
  }
  virtual ~SoftmaxLayerTest() {
    delete blob_bottom_;
    delete blob_top_;
  }

  // Softmax over `axis` computed directly: for each (outer, inner) position, exp of
  // each value over the sum of the exps along the axis.
  void CheckForward(int axis) {
    const vector<int>& shape = blob_bottom_->shape();
    int outer = 1, inner = 1;
    for (int i = 0; i < axis; ++i) outer *= shape[i];
    for (int i = axis + 1; i < static_cast<int>(shape.size()); ++i) inner *= shape[i];
    const int channels = shape[axis];
    const Dtype* x = blob_bottom_->cpu_data();
    const Dtype* y = blob_top_->cpu_data();
    for (int o = 0; o < outer; ++o) {
      for (int k = 0; k < inner; ++k) {
        double sum = 0;
        for (int c = 0; c < channels; ++c) sum += std::exp(double(x[(o * channels + c) * inner + k]));
        double total = 0;
        for (int c = 0; c < channels; ++c) {
          const int idx = (o * channels + c) * inner + k;
          const double expected = std::exp(double(x[idx])) / sum;
          EXPECT_NEAR(expected, y[idx], 1e-5) << "o=" << o << " c=" << c << " k=" << k;
          total += y[idx];
        }
        EXPECT_NEAR(1.0, total, 1e-5);
      }
    }
  }

  Blob<Dtype>* const blob_bottom_;
  Blob<Dtype>* const blob_top_;
  vector<Blob<Dtype>*> blob_bottom_vec_;
  vector<Blob<Dtype>*> blob_top_vec_;
};

TYPED_TEST_SUITE(SoftmaxLayerTest, TestDtypes);

TYPED_TEST(SoftmaxLayerTest, TestForward) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  SoftmaxLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  EXPECT_EQ(this->blob_top_->shape(), this->blob_bottom_->shape());
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  this->CheckForward(1);
}

TYPED_TEST(SoftmaxLayerTest, TestForwardLargeValues) {
  typedef TypeParam Dtype;
  // Shifting every input by a large constant must not overflow exp().
  Dtype* x = this->blob_bottom_->mutable_cpu_data();
  for (int i = 0; i < this->blob_bottom_->count(); ++i) x[i] += Dtype(500);
  LayerParameter layer_param;
  SoftmaxLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  for (int i = 0; i < this->blob_top_->count(); ++i) {
    EXPECT_TRUE(std::isfinite(this->blob_top_->cpu_data()[i]));
  }
  for (int i = 0; i < this->blob_bottom_->count(); ++i) x[i] -= Dtype(500);
  Blob<Dtype> reference;
  vector<Blob<Dtype>*> reference_vec(1, &reference);
  SoftmaxLayer<Dtype> plain(layer_param);
  plain.SetUp(this->blob_bottom_vec_, reference_vec);
  plain.Forward(this->blob_bottom_vec_, reference_vec);
  for (int i = 0; i < reference.count(); ++i) {
    EXPECT_NEAR(reference.cpu_data()[i], this->blob_top_->cpu_data()[i], 1e-4);
  }
}

TYPED_TEST(SoftmaxLayerTest, TestForwardAxis) {
  typedef TypeParam Dtype;
  for (int axis = 0; axis < 4; ++axis) {
    LayerParameter layer_param;
    layer_param.mutable_softmax_param()->set_axis(axis);
    SoftmaxLayer<Dtype> layer(layer_param);
    layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
    layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
    this->CheckForward(axis);
  }
}

TYPED_TEST(SoftmaxLayerTest, TestForwardNegativeAxis2D) {
  typedef TypeParam Dtype;
  this->blob_bottom_->Reshape(4, 7, 1, 1);
  vector<int> shape(2);
  shape[0] = 4;
  shape[1] = 7;
  this->blob_bottom_->Reshape(shape);
  FillerParameter filler_param;
  GaussianFiller<Dtype> filler(filler_param);
  filler.Fill(this->blob_bottom_);
  LayerParameter layer_param;
  layer_param.mutable_softmax_param()->set_axis(-1);
  SoftmaxLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  this->CheckForward(1);
}

TYPED_TEST(SoftmaxLayerTest, TestGradient) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  SoftmaxLayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-2, 1e-3);
  checker.CheckGradientExhaustive(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

TYPED_TEST(SoftmaxLayerTest, TestGradientAxis) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  layer_param.mutable_softmax_param()->set_axis(2);
  SoftmaxLayer<Dtype> layer(layer_param);
  GradientChecker<Dtype> checker(1e-2, 1e-3);
  checker.CheckGradientExhaustive(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

}  // namespace caffe
