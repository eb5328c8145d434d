// Blob: shapes, reshaping, sharing, copying, reductions and (de)serialization.
#include <gtest/gtest.h>

#include <vector>

#include "caffe/blob.hpp"
#include "caffe/common.hpp"
#include "caffe/filler.hpp"
#include "caffe/test/test_caffe_main.hpp"

namespace caffe {

template <typename Dtype>
class BlobSimpleTest : public ::testing::Test {
 protected:
  BlobSimpleTest() : blob_(new Blob<Dtype>()), blob_preshaped_(new Blob<Dtype>(2, 3, 4, 5)) {}
  virtual ~BlobSimpleTest() {
    delete blob_;
    delete blob_preshaped_;
  }
  Blob<Dtype>* const blob_;
  Blob<Dtype>* const blob_preshaped_;
};

TYPED_TEST_SUITE(BlobSimpleTest, TestDtypes);

TYPED_TEST(BlobSimpleTest, TestInitialization) {
  EXPECT_TRUE(this->blob_);
  EXPECT_TRUE(this->blob_preshaped_);
  EXPECT_EQ(this->blob_preshaped_->num(), 2);
  EXPECT_EQ(this->blob_preshaped_->channels(), 3);
  EXPECT_EQ(this->blob_preshaped_->height(), 4);
  EXPECT_EQ(this->blob_preshaped_->width(), 5);
  EXPECT_EQ(this->blob_preshaped_->count(), 120);
  EXPECT_EQ(this->blob_->num_axes(), 0);
  EXPECT_EQ(this->blob_->count(), 0);
  EXPECT_EQ(this->blob_preshaped_->shape_string(), "2 3 4 5 (120)");
}

TYPED_TEST(BlobSimpleTest, TestPointersAndZeroInit) {
  EXPECT_TRUE(this->blob_preshaped_->cpu_data());
  EXPECT_TRUE(this->blob_preshaped_->mutable_cpu_data());
  EXPECT_TRUE(this->blob_preshaped_->cpu_diff());
  EXPECT_NE(this->blob_preshaped_->cpu_data(), this->blob_preshaped_->cpu_diff());
  for (int i = 0; i < this->blob_preshaped_->count(); ++i) {
    EXPECT_EQ(this->blob_preshaped_->cpu_data()[i], TypeParam(0));
    EXPECT_EQ(this->blob_preshaped_->cpu_diff()[i], TypeParam(0));
  }
}

TYPED_TEST(BlobSimpleTest, TestReshape) {
  this->blob_->Reshape(2, 3, 4, 5);
  EXPECT_EQ(this->blob_->num(), 2);
  EXPECT_EQ(this->blob_->channels(), 3);
  EXPECT_EQ(this->blob_->height(), 4);
  EXPECT_EQ(this->blob_->width(), 5);
  EXPECT_EQ(this->blob_->count(), 120);
  EXPECT_EQ(this->blob_->count(1), 60);
  EXPECT_EQ(this->blob_->count(1, 3), 12);
  EXPECT_EQ(this->blob_->shape(-1), 5);
  EXPECT_EQ(this->blob_->CanonicalAxisIndex(-2), 2);
}

TYPED_TEST(BlobSimpleTest, TestReshapeKeepsMemoryWhenShrinking) {
  this->blob_->Reshape(2, 3, 4, 5);
  const TypeParam* data = this->blob_->cpu_data();
  this->blob_->Reshape(1, 2, 3, 4);
  EXPECT_EQ(this->blob_->count(), 24);
  EXPECT_EQ(this->blob_->cpu_data(), data);
  this->blob_->Reshape(2, 3, 4, 5);
  EXPECT_EQ(this->blob_->cpu_data(), data);
  // Growing beyond the capacity reallocates (zero-filled).
  this->blob_->Reshape(3, 3, 4, 5);
  EXPECT_EQ(this->blob_->count(), 180);
  for (int i = 0; i < 180; ++i) EXPECT_EQ(this->blob_->cpu_data()[i], TypeParam(0));
}

TYPED_TEST(BlobSimpleTest, TestReshapeZeroAndND) {
  vector<int> shape(5);
  shape[0] = 2;
  shape[1] = 3;
  shape[2] = 1;
  shape[3] = 4;
  shape[4] = 2;
  this->blob_->Reshape(shape);
  EXPECT_EQ(this->blob_->num_axes(), 5);
  EXPECT_EQ(this->blob_->count(), 48);
  EXPECT_EQ(this->blob_->shape(), shape);
  vector<int> idx(3);
  idx[0] = 1;
  idx[1] = 2;
  idx[2] = 0;
  EXPECT_EQ(this->blob_->offset(idx), ((1 * 3 + 2) * 1 + 0) * 8);
  shape[1] = 0;
  this->blob_->Reshape(shape);
  EXPECT_EQ(this->blob_->count(), 0);
  vector<int> scalar_shape;
  this->blob_->Reshape(scalar_shape);
  EXPECT_EQ(this->blob_->count(), 1);
  EXPECT_EQ(this->blob_->num_axes(), 0);
}

TYPED_TEST(BlobSimpleTest, TestLegacyShapeAndOffset) {
  vector<int> shape(2);
  shape[0] = 3;
  shape[1] = 7;
  this->blob_->Reshape(shape);
  EXPECT_EQ(this->blob_->num(), 3);
  EXPECT_EQ(this->blob_->channels(), 7);
  EXPECT_EQ(this->blob_->height(), 1);
  EXPECT_EQ(this->blob_->width(), 1);
  EXPECT_EQ(this->blob_preshaped_->offset(1, 2, 3, 4), ((1 * 3 + 2) * 4 + 3) * 5 + 4);
}

TYPED_TEST(BlobSimpleTest, TestBlobShapeProto) {
  BlobShape shape;
  shape.add_dim(4);
  shape.add_dim(6);
  this->blob_->Reshape(shape);
  EXPECT_EQ(this->blob_->num_axes(), 2);
  EXPECT_EQ(this->blob_->shape(0), 4);
  EXPECT_EQ(this->blob_->shape(1), 6);
  this->blob_->ReshapeLike(*this->blob_preshaped_);
  EXPECT_EQ(this->blob_->shape(), this->blob_preshaped_->shape());
}

TYPED_TEST(BlobSimpleTest, TestLegacyBlobProtoShapeEquals) {
  BlobProto blob_proto;
  // A 4-D legacy proto against a 4-D blob.
  vector<int> shape(4);
  shape[0] = 2;
  shape[1] = 3;
  shape[2] = 4;
  shape[3] = 5;
  this->blob_->Reshape(shape);
  blob_proto.set_num(2);
  blob_proto.set_channels(3);
  blob_proto.set_height(4);
  blob_proto.set_width(5);
  EXPECT_TRUE(this->blob_->ShapeEquals(blob_proto));
  blob_proto.set_num(1);
  EXPECT_FALSE(this->blob_->ShapeEquals(blob_proto));
  // Legacy (1, 1, 3, 2) matches a 2-D blob of shape (3, 2) ...
  shape.resize(2);
  shape[0] = 3;
  shape[1] = 2;
  this->blob_->Reshape(shape);
  blob_proto.set_num(1);
  blob_proto.set_channels(1);
  blob_proto.set_height(3);
  blob_proto.set_width(2);
  EXPECT_TRUE(this->blob_->ShapeEquals(blob_proto));
  // ... but not (1, 2, 3, 2).
  blob_proto.set_channels(2);
  EXPECT_FALSE(this->blob_->ShapeEquals(blob_proto));
  // A shape-field proto is compared axis by axis.
  BlobProto new_proto;
  new_proto.mutable_shape()->add_dim(3);
  new_proto.mutable_shape()->add_dim(2);
  EXPECT_TRUE(this->blob_->ShapeEquals(new_proto));
  new_proto.mutable_shape()->add_dim(1);
  EXPECT_FALSE(this->blob_->ShapeEquals(new_proto));
}

template <typename Dtype>
class BlobMathTest : public ::testing::Test {
 protected:
  BlobMathTest() : blob_(new Blob<Dtype>(2, 3, 4, 5)), epsilon_(1e-6) {}
  virtual ~BlobMathTest() { delete blob_; }
  Blob<Dtype>* const blob_;
  Dtype epsilon_;
};

TYPED_TEST_SUITE(BlobMathTest, TestDtypes);

TYPED_TEST(BlobMathTest, TestSumOfSquaresAndAsum) {
  typedef TypeParam Dtype;
  EXPECT_EQ(this->blob_->sumsq_data(), 0);
  EXPECT_EQ(this->blob_->asum_data(), 0);
  FillerParameter filler_param;
  filler_param.set_min(-3);
  filler_param.set_max(3);
  UniformFiller<Dtype> filler(filler_param);
  filler.Fill(this->blob_);
  const Dtype* data = this->blob_->cpu_data();
  Dtype expected_sumsq = 0, expected_asum = 0;
  for (int i = 0; i < this->blob_->count(); ++i) {
    expected_sumsq += data[i] * data[i];
    expected_asum += std::fabs(data[i]);
  }
  EXPECT_NEAR(expected_sumsq, this->blob_->sumsq_data(), this->epsilon_ * expected_sumsq * 10);
  EXPECT_NEAR(expected_asum, this->blob_->asum_data(), this->epsilon_ * expected_asum * 10);
  EXPECT_EQ(this->blob_->sumsq_diff(), 0);
  EXPECT_EQ(this->blob_->asum_diff(), 0);
  const Dtype kDiffScaleFactor = 7;
  caffe_cpu_scale(this->blob_->count(), kDiffScaleFactor, data,
                  this->blob_->mutable_cpu_diff());
  EXPECT_NEAR(expected_sumsq * kDiffScaleFactor * kDiffScaleFactor, this->blob_->sumsq_diff(),
              this->epsilon_ * expected_sumsq * 1000);
  EXPECT_NEAR(expected_asum * kDiffScaleFactor, this->blob_->asum_diff(),
              this->epsilon_ * expected_asum * 100);
}

TYPED_TEST(BlobMathTest, TestScaleData) {
  typedef TypeParam Dtype;
  FillerParameter filler_param;
  filler_param.set_min(-3);
  filler_param.set_max(3);
  UniformFiller<Dtype> filler(filler_param);
  filler.Fill(this->blob_);
  vector<Dtype> before(this->blob_->cpu_data(),
                       this->blob_->cpu_data() + this->blob_->count());
  this->blob_->scale_data(Dtype(-2.5));
  this->blob_->scale_diff(Dtype(3));  // diff is all zeros; stays so
  for (int i = 0; i < this->blob_->count(); ++i) {
    EXPECT_NEAR(this->blob_->cpu_data()[i], before[i] * Dtype(-2.5), 1e-5);
    EXPECT_EQ(this->blob_->cpu_diff()[i], Dtype(0));
  }
}

TYPED_TEST(BlobMathTest, TestUpdate) {
  typedef TypeParam Dtype;
  const int count = this->blob_->count();
  Dtype* data = this->blob_->mutable_cpu_data();
  Dtype* diff = this->blob_->mutable_cpu_diff();
  for (int i = 0; i < count; ++i) {
    data[i] = Dtype(i);
    diff[i] = Dtype(0.5) * i;
  }
  this->blob_->Update();
  for (int i = 0; i < count; ++i) EXPECT_NEAR(this->blob_->cpu_data()[i], Dtype(0.5) * i, 1e-6);
}

TYPED_TEST(BlobMathTest, TestShareAndCopy) {
  typedef TypeParam Dtype;
  Blob<Dtype> other(2, 3, 4, 5);
  other.ShareData(*this->blob_);
  other.ShareDiff(*this->blob_);
  EXPECT_EQ(other.cpu_data(), this->blob_->cpu_data());
  EXPECT_EQ(other.cpu_diff(), this->blob_->cpu_diff());
  this->blob_->mutable_cpu_data()[7] = Dtype(4);
  EXPECT_EQ(other.cpu_data()[7], Dtype(4));

  Blob<Dtype> copy;
  copy.CopyFrom(*this->blob_, false, true);
  EXPECT_EQ(copy.shape(), this->blob_->shape());
  EXPECT_NE(copy.cpu_data(), this->blob_->cpu_data());
  EXPECT_EQ(copy.cpu_data()[7], Dtype(4));
  this->blob_->mutable_cpu_diff()[3] = Dtype(-2);
  copy.CopyFrom(*this->blob_, true);
  EXPECT_EQ(copy.cpu_diff()[3], Dtype(-2));
}

TYPED_TEST(BlobMathTest, TestSetCpuData) {
  typedef TypeParam Dtype;
  vector<Dtype> external(this->blob_->count(), Dtype(1.5));
  this->blob_->set_cpu_data(external.data());
  EXPECT_EQ(this->blob_->cpu_data(), external.data());
  EXPECT_EQ(this->blob_->cpu_data()[10], Dtype(1.5));
}

TYPED_TEST(BlobMathTest, TestProtoRoundTrip) {
  typedef TypeParam Dtype;
  FillerParameter filler_param;
  filler_param.set_std(2);
  GaussianFiller<Dtype> filler(filler_param);
  filler.Fill(this->blob_);
  Dtype* diff = this->blob_->mutable_cpu_diff();
  for (int i = 0; i < this->blob_->count(); ++i) diff[i] = Dtype(i) / 7;

  BlobProto proto;
  this->blob_->ToProto(&proto, true);
  EXPECT_EQ(proto.shape().dim_size(), 4);
  if (sizeof(Dtype) == sizeof(double)) {
    EXPECT_EQ(proto.double_data_size(), this->blob_->count());
    EXPECT_EQ(proto.double_diff_size(), this->blob_->count());
    EXPECT_EQ(proto.data_size(), 0);
  } else {
    EXPECT_EQ(proto.data_size(), this->blob_->count());
    EXPECT_EQ(proto.diff_size(), this->blob_->count());
    EXPECT_EQ(proto.double_data_size(), 0);
  }
  Blob<Dtype> restored;
  restored.FromProto(proto);
  EXPECT_EQ(restored.shape(), this->blob_->shape());
  for (int i = 0; i < this->blob_->count(); ++i) {
    EXPECT_EQ(restored.cpu_data()[i], this->blob_->cpu_data()[i]);
    EXPECT_EQ(restored.cpu_diff()[i], this->blob_->cpu_diff()[i]);
  }
  // Without diff.
  BlobProto data_only;
  this->blob_->ToProto(&data_only);
  EXPECT_EQ(data_only.diff_size() + data_only.double_diff_size(), 0);
  // FromProto without reshape into a matching blob.
  Blob<Dtype> same_shape(2, 3, 4, 5);
  same_shape.FromProto(data_only, false);
  EXPECT_EQ(same_shape.cpu_data()[5], this->blob_->cpu_data()[5]);
}

TYPED_TEST(BlobMathTest, TestFromLegacyFloatProto) {
  typedef TypeParam Dtype;
  BlobProto proto;
  proto.set_num(1);
  proto.set_channels(2);
  proto.set_height(1);
  proto.set_width(3);
  for (int i = 0; i < 6; ++i) proto.add_data(0.25f * i);
  Blob<Dtype> blob;
  blob.FromProto(proto);
  EXPECT_EQ(blob.num_axes(), 4);
  EXPECT_EQ(blob.count(), 6);
  EXPECT_EQ(blob.channels(), 2);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(blob.cpu_data()[i], Dtype(0.25 * i));
}

TEST(BlobIntTest, TestIntegerBlobs) {
  Blob<int> mask(2, 3, 1, 1);
  Blob<unsigned int> rand_vec(vector<int>(1, 5));
  EXPECT_EQ(mask.count(), 6);
  EXPECT_EQ(rand_vec.count(), 5);
  int* m = mask.mutable_cpu_data();
  for (int i = 0; i < 6; ++i) m[i] = -i;
  Blob<int> copy;
  copy.CopyFrom(mask, false, true);
  EXPECT_EQ(copy.cpu_data()[5], -5);
  unsigned int* r = rand_vec.mutable_cpu_data();
  r[4] = 9u;
  EXPECT_EQ(rand_vec.cpu_data()[4], 9u);
  EXPECT_EQ(rand_vec.cpu_diff()[4], 0u);
}

}  // namespace caffe
