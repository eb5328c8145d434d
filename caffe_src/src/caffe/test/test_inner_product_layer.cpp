// Tests of InnerProductLayer: shapes, forward against a plain triple loop (with and
// without bias, transposed weights, N-D input with an axis) and gradients.
#include <vector>

#include "gtest/gtest.h"

#include "caffe/blob.hpp"
#include "caffe/common.hpp"
#include "caffe/filler.hpp"
#include "caffe/layers/inner_product_layer.hpp"
#include "caffe/test/test_caffe_main.hpp"
#include "caffe/test/test_gradient_check_util.hpp"

namespace caffe {

template <typename Dtype>
class InnerProductLayerTest : public CPUDeviceTest<Dtype> {
 protected:
  InnerProductLayerTest()
      : blob_bottom_(new Blob<Dtype>(2, 3, 2, 2)), blob_top_(new Blob<Dtype>()) {
    Caffe::set_random_seed(kTestRandomSeed);
    FillerParameter filler_param;
    UniformFiller<Dtype> filler(filler_param);
    filler.Fill(blob_bottom_);
    blob_bottom_vec_.push_back(blob_bottom_);
    blob_top_vec_.push_back(blob_top_);
  }
  virtual ~InnerProductLayerTest() {
    delete blob_bottom_;
    delete blob_top_;
  }

  // A layer parameter with gaussian weights and uniform bias.
  LayerParameter MakeParam(int num_output, bool bias_term, bool transpose, int axis = 1) {
    LayerParameter layer_param;
    InnerProductParameter* ip_param = layer_param.mutable_inner_product_param();
    ip_param->set_num_output(num_output);
    ip_param->set_bias_term(bias_term);
    ip_param->set_transpose(transpose);
    ip_param->set_axis(axis);
    ip_param->mutable_weight_filler()->set_type("gaussian");
    ip_param->mutable_bias_filler()->set_type("uniform");
    ip_param->mutable_bias_filler()->set_min(1);
    ip_param->mutable_bias_filler()->set_max(2);
    return layer_param;
  }

  // top[m][n] = sum_k bottom[m][k] * W(n, k) + b[n], W read as N x K or K x N.
  void CheckForward(InnerProductLayer<Dtype>* layer, bool bias_term, bool transpose, int M,
                    int K, int N) {
    const Dtype* x = blob_bottom_->cpu_data();
    const Dtype* w = layer->blobs()[0]->cpu_data();
    const Dtype* y = blob_top_->cpu_data();
    ASSERT_EQ(M * N, blob_top_->count());
    for (int m = 0; m < M; ++m) {
      for (int n = 0; n < N; ++n) {
        Dtype expected = bias_term ? layer->blobs()[1]->cpu_data()[n] : Dtype(0);
        for (int k = 0; k < K; ++k) {
          expected += x[m * K + k] * (transpose ? w[k * N + n] : w[n * K + k]);
        }
        EXPECT_NEAR(expected, y[m * N + n], 1e-5) << "m=" << m << " n=" << n;
      }
    }
  }

  Blob<Dtype>* const blob_bottom_;
  Blob<Dtype>* const blob_top_;
  vector<Blob<Dtype>*> blob_bottom_vec_;
  vector<Blob<Dtype>*> blob_top_vec_;
};

TYPED_TEST_SUITE(InnerProductLayerTest, TestDtypes);

TYPED_TEST(InnerProductLayerTest, TestSetUp) {
  typedef TypeParam Dtype;
  InnerProductLayer<Dtype> layer(this->MakeParam(10, true, false));
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  ASSERT_EQ(this->blob_top_->num_axes(), 2);
  EXPECT_EQ(this->blob_top_->shape(0), 2);
  EXPECT_EQ(this->blob_top_->shape(1), 10);
  ASSERT_EQ(layer.blobs().size(), 2);
  EXPECT_EQ(layer.blobs()[0]->shape(0), 10);
  EXPECT_EQ(layer.blobs()[0]->shape(1), 12);
  EXPECT_EQ(layer.blobs()[1]->count(), 10);
}

TYPED_TEST(InnerProductLayerTest, TestSetUpTransposeNoBias) {
  typedef TypeParam Dtype;
  InnerProductLayer<Dtype> layer(this->MakeParam(10, false, true));
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  ASSERT_EQ(layer.blobs().size(), 1);
  EXPECT_EQ(layer.blobs()[0]->shape(0), 12);
  EXPECT_EQ(layer.blobs()[0]->shape(1), 10);
}

TYPED_TEST(InnerProductLayerTest, TestForward) {
  typedef TypeParam Dtype;
  InnerProductLayer<Dtype> layer(this->MakeParam(10, true, false));
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  this->CheckForward(&layer, true, false, 2, 12, 10);
}

TYPED_TEST(InnerProductLayerTest, TestForwardNoBias) {
  typedef TypeParam Dtype;
  InnerProductLayer<Dtype> layer(this->MakeParam(7, false, false));
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  this->CheckForward(&layer, false, false, 2, 12, 7);
}

TYPED_TEST(InnerProductLayerTest, TestForwardTranspose) {
  typedef TypeParam Dtype;
  InnerProductLayer<Dtype> layer(this->MakeParam(10, true, true));
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  this->CheckForward(&layer, true, true, 2, 12, 10);

  // The same weights, stored transposed, give the same result in a plain layer.
  InnerProductLayer<Dtype> plain(this->MakeParam(10, true, false));
  Blob<Dtype> plain_top;
  vector<Blob<Dtype>*> plain_top_vec(1, &plain_top);
  plain.SetUp(this->blob_bottom_vec_, plain_top_vec);
  const Dtype* w_t = layer.blobs()[0]->cpu_data();
  Dtype* w = plain.blobs()[0]->mutable_cpu_data();
  for (int n = 0; n < 10; ++n) {
    for (int k = 0; k < 12; ++k) w[n * 12 + k] = w_t[k * 10 + n];
  }
  caffe_copy(10, layer.blobs()[1]->cpu_data(), plain.blobs()[1]->mutable_cpu_data());
  plain.Forward(this->blob_bottom_vec_, plain_top_vec);
  for (int i = 0; i < plain_top.count(); ++i) {
    EXPECT_NEAR(plain_top.cpu_data()[i], this->blob_top_->cpu_data()[i], 1e-5);
  }
}

TYPED_TEST(InnerProductLayerTest, TestForwardAxis) {
  typedef TypeParam Dtype;
  // bottom 2 x 3 x 2 x 2 with axis 2: M = 6 rows of K = 4, top 2 x 3 x 5.
  InnerProductLayer<Dtype> layer(this->MakeParam(5, true, false, 2));
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  ASSERT_EQ(this->blob_top_->num_axes(), 3);
  EXPECT_EQ(this->blob_top_->shape(0), 2);
  EXPECT_EQ(this->blob_top_->shape(1), 3);
  EXPECT_EQ(this->blob_top_->shape(2), 5);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  this->CheckForward(&layer, true, false, 6, 4, 5);
}

TYPED_TEST(InnerProductLayerTest, TestForwardNegativeAxis) {
  typedef TypeParam Dtype;
  InnerProductLayer<Dtype> layer(this->MakeParam(3, true, true, -1));
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  ASSERT_EQ(this->blob_top_->num_axes(), 4);
  EXPECT_EQ(this->blob_top_->shape(3), 3);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  this->CheckForward(&layer, true, true, 12, 2, 3);
}

TYPED_TEST(InnerProductLayerTest, TestReshapeBatch) {
  typedef TypeParam Dtype;
  InnerProductLayer<Dtype> layer(this->MakeParam(4, true, false));
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  // A larger batch with the same per-sample size.
  this->blob_bottom_->Reshape(5, 3, 2, 2);
  FillerParameter filler_param;
  UniformFiller<Dtype> filler(filler_param);
  filler.Fill(this->blob_bottom_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  EXPECT_EQ(this->blob_top_->shape(0), 5);
  this->CheckForward(&layer, true, false, 5, 12, 4);
}

TYPED_TEST(InnerProductLayerTest, TestParamGradientAccumulates) {
  typedef TypeParam Dtype;
  InnerProductLayer<Dtype> layer(this->MakeParam(3, true, false));
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  for (int i = 0; i < this->blob_top_->count(); ++i) {
    this->blob_top_->mutable_cpu_diff()[i] = Dtype(0.1) * (i + 1);
  }
  for (size_t b = 0; b < layer.blobs().size(); ++b) {
    Blob<Dtype>* blob = layer.blobs()[b].get();
    caffe_set(blob->count(), Dtype(0), blob->mutable_cpu_diff());
  }
  vector<bool> propagate_down(1, true);
  layer.Backward(this->blob_top_vec_, propagate_down, this->blob_bottom_vec_);
  layer.Backward(this->blob_top_vec_, propagate_down, this->blob_bottom_vec_);
  // Reference: dW[n][k] = sum_m dy[m][n] x[m][k], db[n] = sum_m dy[m][n], dx = dy W.
  const Dtype* x = this->blob_bottom_->cpu_data();
  const Dtype* dy = this->blob_top_->cpu_diff();
  const Dtype* w = layer.blobs()[0]->cpu_data();
  for (int n = 0; n < 3; ++n) {
    Dtype db = 0;
    for (int m = 0; m < 2; ++m) db += dy[m * 3 + n];
    EXPECT_NEAR(2 * db, layer.blobs()[1]->cpu_diff()[n], 1e-5);
    for (int k = 0; k < 12; ++k) {
      Dtype dw = 0;
      for (int m = 0; m < 2; ++m) dw += dy[m * 3 + n] * x[m * 12 + k];
      EXPECT_NEAR(2 * dw, layer.blobs()[0]->cpu_diff()[n * 12 + k], 1e-5);
    }
  }
  // The bottom diff is overwritten, not accumulated.
  for (int m = 0; m < 2; ++m) {
    for (int k = 0; k < 12; ++k) {
      Dtype dx = 0;
      for (int n = 0; n < 3; ++n) dx += dy[m * 3 + n] * w[n * 12 + k];
      EXPECT_NEAR(dx, this->blob_bottom_->cpu_diff()[m * 12 + k], 1e-5);
    }
  }
}

TYPED_TEST(InnerProductLayerTest, TestGradient) {
  typedef TypeParam Dtype;
  InnerProductLayer<Dtype> layer(this->MakeParam(5, true, false));
  GradientChecker<Dtype> checker(1e-2, 1e-3);
  checker.CheckGradientExhaustive(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

TYPED_TEST(InnerProductLayerTest, TestGradientTranspose) {
  typedef TypeParam Dtype;
  InnerProductLayer<Dtype> layer(this->MakeParam(5, true, true));
  GradientChecker<Dtype> checker(1e-2, 1e-3);
  checker.CheckGradientExhaustive(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

TYPED_TEST(InnerProductLayerTest, TestGradientNoBias) {
  typedef TypeParam Dtype;
  InnerProductLayer<Dtype> layer(this->MakeParam(5, false, false));
  GradientChecker<Dtype> checker(1e-2, 1e-3);
  checker.CheckGradientExhaustive(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

TYPED_TEST(InnerProductLayerTest, TestGradientAxis) {
  typedef TypeParam Dtype;
  InnerProductLayer<Dtype> layer(this->MakeParam(3, true, false, 2));
  GradientChecker<Dtype> checker(1e-2, 1e-3);
  checker.CheckGradient(&layer, this->blob_bottom_vec_, this->blob_top_vec_);
}

}  // namespace caffe
