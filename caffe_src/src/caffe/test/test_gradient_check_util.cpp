// Self-test of the finite-difference GradientChecker on two tiny layers written
// here: one with correct gradients (which must pass) and one with a wrong gradient
// (which must be caught).
#include <gtest/gtest.h>
#include <gtest/gtest-spi.h>

#include <string>
#include <vector>

#include "caffe/blob.hpp"
#include "caffe/common.hpp"
#include "caffe/filler.hpp"
#include "caffe/layer.hpp"
#include "caffe/test/test_caffe_main.hpp"
#include "caffe/test/test_gradient_check_util.hpp"

namespace caffe {

// top = w .* bottom0^2 + bottom1 (w a per-element parameter blob). The gradients
// with respect to bottom0, bottom1 and w are exact; when `broken` the bottom0
// gradient is scaled wrong.
template <typename Dtype>
class ToySquareLayer : public Layer<Dtype> {
 public:
  ToySquareLayer(const LayerParameter& param, bool broken)
      : Layer<Dtype>(param), broken_(broken) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    if (this->blobs_.empty()) {
      this->blobs_.resize(1);
      this->blobs_[0].reset(new Blob<Dtype>(bottom[0]->shape()));
      FillerParameter filler_param;
      filler_param.set_min(-1);
      filler_param.set_max(1);
      UniformFiller<Dtype> filler(filler_param);
      filler.Fill(this->blobs_[0].get());
    }
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline int ExactNumBottomBlobs() const { return 2; }
  virtual inline int ExactNumTopBlobs() const { return 1; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const Dtype* x = bottom[0]->cpu_data();
    const Dtype* b = bottom[1]->cpu_data();
    const Dtype* w = this->blobs_[0]->cpu_data();
    Dtype* y = top[0]->mutable_cpu_data();
    for (int i = 0; i < top[0]->count(); ++i) y[i] = w[i] * x[i] * x[i] + b[i];
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {
    const Dtype* dy = top[0]->cpu_diff();
    const Dtype* x = bottom[0]->cpu_data();
    const Dtype* w = this->blobs_[0]->cpu_data();
    Dtype* dw = this->blobs_[0]->mutable_cpu_diff();
    for (int i = 0; i < top[0]->count(); ++i) dw[i] += dy[i] * x[i] * x[i];
    if (propagate_down[0]) {
      Dtype* dx = bottom[0]->mutable_cpu_diff();
      const Dtype factor = broken_ ? Dtype(3) : Dtype(2);
      for (int i = 0; i < top[0]->count(); ++i) dx[i] = dy[i] * factor * w[i] * x[i];
    }
    if (propagate_down[1]) {
      caffe_copy(top[0]->count(), dy, bottom[1]->mutable_cpu_diff());
    }
  }

 private:
  bool broken_;
};

template <typename Dtype>
class GradientCheckerTest : public ::testing::Test {
 protected:
  GradientCheckerTest() : x_(new Blob<Dtype>(2, 3, 1, 2)), b_(new Blob<Dtype>(2, 3, 1, 2)),
                          top_(new Blob<Dtype>()) {
    Caffe::set_random_seed(1701);
    FillerParameter filler_param;
    filler_param.set_min(0.5);
    filler_param.set_max(1.5);
    UniformFiller<Dtype> filler(filler_param);
    filler.Fill(x_);
    filler.Fill(b_);
    bottom_.push_back(x_);
    bottom_.push_back(b_);
    top_vec_.push_back(top_);
  }
  virtual ~GradientCheckerTest() {
    delete x_;
    delete b_;
    delete top_;
  }
  Blob<Dtype>* const x_;
  Blob<Dtype>* const b_;
  Blob<Dtype>* const top_;
  vector<Blob<Dtype>*> bottom_;
  vector<Blob<Dtype>*> top_vec_;
};

TYPED_TEST_SUITE(GradientCheckerTest, TestDtypes);

TYPED_TEST(GradientCheckerTest, TestCorrectLayerPasses) {
  LayerParameter param;
  ToySquareLayer<TypeParam> layer(param, false);
  GradientChecker<TypeParam> checker(1e-2, 1e-3);
  checker.CheckGradient(&layer, this->bottom_, this->top_vec_);
  checker.CheckGradientExhaustive(&layer, this->bottom_, this->top_vec_);
  checker.CheckGradientExhaustive(&layer, this->bottom_, this->top_vec_, 1);
}

TYPED_TEST(GradientCheckerTest, TestBrokenLayerIsCaught) {
  LayerParameter param;
  ToySquareLayer<TypeParam> layer(param, true);
  GradientChecker<TypeParam> checker(1e-2, 1e-3);
  ::testing::TestPartResultArray failures;
  {
    ::testing::ScopedFakeTestPartResultReporter reporter(
        ::testing::ScopedFakeTestPartResultReporter::INTERCEPT_ONLY_CURRENT_THREAD, &failures);
    checker.CheckGradient(&layer, this->bottom_, this->top_vec_);
  }
  // Every element of bottom 0 (blob_id 1, after the parameter) is flagged, nothing else.
  EXPECT_EQ(failures.size(), this->x_->count());
  for (int i = 0; i < failures.size(); ++i) {
    EXPECT_TRUE(failures.GetTestPartResult(i).nonfatally_failed());
    EXPECT_TRUE(std::string(failures.GetTestPartResult(i).message()).find(
                    "(top_id, top_data_id, blob_id, feat_id)=-1,-1,1,") != std::string::npos)
        << failures.GetTestPartResult(i).message();
  }
  // Checking only bottom 1 (whose gradient is right) passes.
  checker.CheckGradientExhaustive(&layer, this->bottom_, this->top_vec_, 1);
}

// An elementwise toy layer without parameters: top = bottom^3.
template <typename Dtype>
class ToyCubeLayer : public Layer<Dtype> {
 public:
  explicit ToyCubeLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    top[0]->ReshapeLike(*bottom[0]);
  }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const Dtype* x = bottom[0]->cpu_data();
    Dtype* y = top[0]->mutable_cpu_data();
    for (int i = 0; i < top[0]->count(); ++i) y[i] = x[i] * x[i] * x[i];
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {
    if (!propagate_down[0]) return;
    const Dtype* dy = top[0]->cpu_diff();
    const Dtype* x = bottom[0]->cpu_data();
    Dtype* dx = bottom[0]->mutable_cpu_diff();
    for (int i = 0; i < top[0]->count(); ++i) dx[i] = dy[i] * 3 * x[i] * x[i];
  }
};

TYPED_TEST(GradientCheckerTest, TestEltwise) {
  LayerParameter param;
  ToyCubeLayer<TypeParam> layer(param);
  vector<Blob<TypeParam>*> bottom(1, this->x_);
  GradientChecker<TypeParam> checker(1e-3, 1e-3);
  checker.CheckGradientEltwise(&layer, bottom, this->top_vec_);
}

TYPED_TEST(GradientCheckerTest, TestKinkSkipsElements) {
  // With a kink range covering every input value, nothing is compared, so even
  // the broken layer passes.
  LayerParameter param;
  ToySquareLayer<TypeParam> layer(param, true);
  GradientChecker<TypeParam> checker(1e-2, 1e-3, 1701, 0., 100.);
  checker.CheckGradient(&layer, this->bottom_, this->top_vec_);
}

}  // namespace caffe
