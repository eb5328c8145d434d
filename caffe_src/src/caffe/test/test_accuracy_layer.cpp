// Tests of AccuracyLayer: top-1 and top-k against a direct count, ignore_label,
// a spatial label axis and the per-class second top.
#include <vector>

#include "gtest/gtest.h"

#include "caffe/blob.hpp"
#include "caffe/common.hpp"
#include "caffe/filler.hpp"
#include "caffe/layers/accuracy_layer.hpp"
#include "caffe/test/test_caffe_main.hpp"

namespace caffe {

template <typename Dtype>
class AccuracyLayerTest : public CPUDeviceTest<Dtype> {
 protected:
  AccuracyLayerTest()
      : blob_bottom_data_(new Blob<Dtype>()),
        blob_bottom_label_(new Blob<Dtype>()),
        blob_top_(new Blob<Dtype>()),
        blob_top_per_class_(new Blob<Dtype>()),
        top_k_(3) {
    vector<int> shape(2);
    shape[0] = 100;
    shape[1] = 10;
    blob_bottom_data_->Reshape(shape);
    shape.resize(1);
    blob_bottom_label_->Reshape(shape);
    FillBottoms();
    blob_bottom_vec_.push_back(blob_bottom_data_);
    blob_bottom_vec_.push_back(blob_bottom_label_);
    blob_top_vec_.push_back(blob_top_);
  }
  virtual ~AccuracyLayerTest() {
    delete blob_bottom_data_;
    delete blob_bottom_label_;
    delete blob_top_;
    delete blob_top_per_class_;
  }

  void FillBottoms() {
    Caffe::set_random_seed(kTestRandomSeed);
    FillerParameter filler_param;
    GaussianFiller<Dtype> filler(filler_param);
    filler.Fill(blob_bottom_data_);
    const int num_labels = blob_bottom_data_->shape(1);
    for (int i = 0; i < blob_bottom_label_->count(); ++i) {
      blob_bottom_label_->mutable_cpu_data()[i] = caffe_rng_rand() % num_labels;
    }
  }

  // Whether the label's score is among the k largest of scores[0..n) (stride s).
  static bool InTopK(const Dtype* scores, int n, int stride, int label, int k) {
    int num_larger = 0;
    for (int c = 0; c < n; ++c) {
      if (scores[c * stride] > scores[label * stride]) ++num_larger;
    }
    return num_larger < k;
  }

  Blob<Dtype>* const blob_bottom_data_;
  Blob<Dtype>* const blob_bottom_label_;
  Blob<Dtype>* const blob_top_;
  Blob<Dtype>* const blob_top_per_class_;
  vector<Blob<Dtype>*> blob_bottom_vec_;
  vector<Blob<Dtype>*> blob_top_vec_;
  int top_k_;
};

TYPED_TEST_SUITE(AccuracyLayerTest, TestDtypes);

TYPED_TEST(AccuracyLayerTest, TestSetup) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  AccuracyLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  EXPECT_EQ(this->blob_top_->count(), 1);
}

TYPED_TEST(AccuracyLayerTest, TestSetupPerClass) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  this->blob_top_vec_.push_back(this->blob_top_per_class_);
  AccuracyLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  EXPECT_EQ(this->blob_top_->count(), 1);
  EXPECT_EQ(this->blob_top_per_class_->count(), 10);
}

TYPED_TEST(AccuracyLayerTest, TestForwardCPU) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  AccuracyLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  const Dtype* x = this->blob_bottom_data_->cpu_data();
  int num_correct = 0;
  for (int i = 0; i < 100; ++i) {
    int argmax = 0;
    for (int c = 1; c < 10; ++c) {
      if (x[i * 10 + c] > x[i * 10 + argmax]) argmax = c;
    }
    if (argmax == static_cast<int>(this->blob_bottom_label_->cpu_data()[i])) ++num_correct;
  }
  EXPECT_NEAR(num_correct / 100.0, this->blob_top_->cpu_data()[0], 1e-4);
}

TYPED_TEST(AccuracyLayerTest, TestForwardTopK) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  layer_param.mutable_accuracy_param()->set_top_k(this->top_k_);
  AccuracyLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  const Dtype* x = this->blob_bottom_data_->cpu_data();
  int num_correct = 0;
  for (int i = 0; i < 100; ++i) {
    const int label = static_cast<int>(this->blob_bottom_label_->cpu_data()[i]);
    if (this->InTopK(x + i * 10, 10, 1, label, this->top_k_)) ++num_correct;
  }
  EXPECT_GT(num_correct, 0);
  EXPECT_NEAR(num_correct / 100.0, this->blob_top_->cpu_data()[0], 1e-4);
}

TYPED_TEST(AccuracyLayerTest, TestForwardIgnoreLabel) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  const int ignore_label = 3;
  layer_param.mutable_accuracy_param()->set_ignore_label(ignore_label);
  AccuracyLayer<Dtype> layer(layer_param);
  // Plant the ignored label in a few places.
  Dtype* label = this->blob_bottom_label_->mutable_cpu_data();
  label[0] = label[5] = label[50] = ignore_label;
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  const Dtype* x = this->blob_bottom_data_->cpu_data();
  int num_correct = 0, count = 0;
  for (int i = 0; i < 100; ++i) {
    const int l = static_cast<int>(label[i]);
    if (l == ignore_label) continue;
    ++count;
    if (this->InTopK(x + i * 10, 10, 1, l, 1)) ++num_correct;
  }
  EXPECT_LE(count, 97);
  EXPECT_NEAR(static_cast<double>(num_correct) / count, this->blob_top_->cpu_data()[0], 1e-4);
}

TYPED_TEST(AccuracyLayerTest, TestForwardPerClass) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  layer_param.mutable_accuracy_param()->set_top_k(2);
  this->blob_top_vec_.push_back(this->blob_top_per_class_);
  AccuracyLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  const Dtype* x = this->blob_bottom_data_->cpu_data();
  vector<int> correct(10, 0), total(10, 0);
  int num_correct = 0;
  for (int i = 0; i < 100; ++i) {
    const int l = static_cast<int>(this->blob_bottom_label_->cpu_data()[i]);
    ++total[l];
    if (this->InTopK(x + i * 10, 10, 1, l, 2)) {
      ++correct[l];
      ++num_correct;
    }
  }
  EXPECT_NEAR(num_correct / 100.0, this->blob_top_->cpu_data()[0], 1e-4);
  for (int c = 0; c < 10; ++c) {
    const double expected = total[c] ? static_cast<double>(correct[c]) / total[c] : 0.0;
    EXPECT_NEAR(expected, this->blob_top_per_class_->cpu_data()[c], 1e-4) << "class " << c;
  }
}

TYPED_TEST(AccuracyLayerTest, TestForwardSpatial) {
  typedef TypeParam Dtype;
  // Scores N x C x H x W = 2 x 10 x 3 x 4, labels N x H x W: one prediction per pixel.
  this->blob_bottom_data_->Reshape(2, 10, 3, 4);
  vector<int> label_shape(3);
  label_shape[0] = 2;
  label_shape[1] = 3;
  label_shape[2] = 4;
  this->blob_bottom_label_->Reshape(label_shape);
  this->FillBottoms();
  LayerParameter layer_param;
  layer_param.mutable_accuracy_param()->set_top_k(2);
  layer_param.mutable_accuracy_param()->set_ignore_label(7);
  AccuracyLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  const Dtype* x = this->blob_bottom_data_->cpu_data();
  const Dtype* label = this->blob_bottom_label_->cpu_data();
  int num_correct = 0, count = 0;
  for (int n = 0; n < 2; ++n) {
    for (int s = 0; s < 12; ++s) {
      const int l = static_cast<int>(label[n * 12 + s]);
      if (l == 7) continue;
      ++count;
      if (this->InTopK(x + n * 120 + s, 10, 12, l, 2)) ++num_correct;
    }
  }
  EXPECT_NEAR(static_cast<double>(num_correct) / count, this->blob_top_->cpu_data()[0], 1e-4);
}

}  // namespace caffe
