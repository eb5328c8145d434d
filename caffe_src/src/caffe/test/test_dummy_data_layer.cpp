// Tests of DummyDataLayer: shapes (new style and legacy), constant fillers applied
// once, other fillers drawn again on every Forward.
#include <vector>

#include "gtest/gtest.h"

#include "caffe/blob.hpp"
#include "caffe/common.hpp"
#include "caffe/layers/dummy_data_layer.hpp"
#include "caffe/proto/caffe.pb.h"
#include "caffe/test/test_caffe_main.hpp"

namespace caffe {

template <typename Dtype>
class DummyDataLayerTest : public CPUDeviceTest<Dtype> {
 protected:
  DummyDataLayerTest()
      : blob_top_a_(new Blob<Dtype>()), blob_top_b_(new Blob<Dtype>()),
        blob_top_c_(new Blob<Dtype>()) {}

  virtual void SetUp() {
    blob_top_vec_.push_back(blob_top_a_);
    blob_top_vec_.push_back(blob_top_b_);
    blob_top_vec_.push_back(blob_top_c_);
  }

  virtual ~DummyDataLayerTest() {
    delete blob_top_a_;
    delete blob_top_b_;
    delete blob_top_c_;
  }

  static bool AllEqual(const Blob<Dtype>& blob, Dtype value) {
    for (int i = 0; i < blob.count(); ++i) {
      if (blob.cpu_data()[i] != value) return false;
    }
    return true;
  }

  Blob<Dtype>* const blob_top_a_;
  Blob<Dtype>* const blob_top_b_;
  Blob<Dtype>* const blob_top_c_;
  vector<Blob<Dtype>*> blob_bottom_vec_;
  vector<Blob<Dtype>*> blob_top_vec_;
};

TYPED_TEST_SUITE(DummyDataLayerTest, TestDtypes);

TYPED_TEST(DummyDataLayerTest, TestOneTopConstantDefault) {
  typedef TypeParam Dtype;
  LayerParameter param;
  DummyDataParameter* dummy = param.mutable_dummy_data_param();
  dummy->add_num(5);
  dummy->add_channels(3);
  dummy->add_height(2);
  dummy->add_width(4);
  this->blob_top_vec_.resize(1);
  DummyDataLayer<Dtype> layer(param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  EXPECT_EQ(this->blob_top_a_->num(), 5);
  EXPECT_EQ(this->blob_top_a_->channels(), 3);
  EXPECT_EQ(this->blob_top_a_->height(), 2);
  EXPECT_EQ(this->blob_top_a_->width(), 4);
  EXPECT_EQ(this->blob_top_b_->count(), 0);
  EXPECT_TRUE(this->AllEqual(*this->blob_top_a_, Dtype(0)));
  for (int i = 0; i < 3; ++i) {
    layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
    EXPECT_TRUE(this->AllEqual(*this->blob_top_a_, Dtype(0)));
  }
}

TYPED_TEST(DummyDataLayerTest, TestLegacyShapesAndConstantFiller) {
  typedef TypeParam Dtype;
  LayerParameter param;
  DummyDataParameter* dummy = param.mutable_dummy_data_param();
  dummy->add_num(5);
  dummy->add_num(2);
  dummy->add_num(1);
  dummy->add_channels(3);
  dummy->add_height(2);
  dummy->add_width(4);
  dummy->add_width(1);
  dummy->add_width(6);
  FillerParameter* filler = dummy->add_data_filler();
  filler->set_type("constant");
  filler->set_value(7);
  DummyDataLayer<Dtype> layer(param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  EXPECT_EQ(this->blob_top_a_->shape_string(), Blob<Dtype>(5, 3, 2, 4).shape_string());
  EXPECT_EQ(this->blob_top_b_->shape_string(), Blob<Dtype>(2, 3, 2, 1).shape_string());
  EXPECT_EQ(this->blob_top_c_->shape_string(), Blob<Dtype>(1, 3, 2, 6).shape_string());
  EXPECT_TRUE(this->AllEqual(*this->blob_top_a_, Dtype(7)));
  EXPECT_TRUE(this->AllEqual(*this->blob_top_b_, Dtype(7)));
  EXPECT_TRUE(this->AllEqual(*this->blob_top_c_, Dtype(7)));
  // Constant tops are filled once: what the net writes into them stays.
  this->blob_top_b_->mutable_cpu_data()[0] = Dtype(-1);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  EXPECT_EQ(this->blob_top_b_->cpu_data()[0], Dtype(-1));
  EXPECT_TRUE(this->AllEqual(*this->blob_top_a_, Dtype(7)));
}

TYPED_TEST(DummyDataLayerTest, TestShapeAndPerTopFillers) {
  typedef TypeParam Dtype;
  Caffe::set_random_seed(1701);
  LayerParameter param;
  DummyDataParameter* dummy = param.mutable_dummy_data_param();
  BlobShape* shape_a = dummy->add_shape();
  shape_a->add_dim(4);
  shape_a->add_dim(10);
  BlobShape* shape_b = dummy->add_shape();
  shape_b->add_dim(4);
  BlobShape* shape_c = dummy->add_shape();
  shape_c->add_dim(2);
  shape_c->add_dim(3);
  shape_c->add_dim(5);
  FillerParameter* constant = dummy->add_data_filler();
  constant->set_type("constant");
  constant->set_value(2);
  FillerParameter* uniform = dummy->add_data_filler();
  uniform->set_type("uniform");
  uniform->set_min(3);
  uniform->set_max(4);
  FillerParameter* gaussian = dummy->add_data_filler();
  gaussian->set_type("gaussian");
  gaussian->set_mean(-5);
  gaussian->set_std(0.5);
  DummyDataLayer<Dtype> layer(param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  ASSERT_EQ(this->blob_top_a_->num_axes(), 2);
  EXPECT_EQ(this->blob_top_a_->shape(1), 10);
  ASSERT_EQ(this->blob_top_b_->num_axes(), 1);
  EXPECT_EQ(this->blob_top_b_->shape(0), 4);
  ASSERT_EQ(this->blob_top_c_->num_axes(), 3);
  EXPECT_EQ(this->blob_top_c_->count(), 30);
  EXPECT_TRUE(this->AllEqual(*this->blob_top_a_, Dtype(2)));

  vector<Dtype> previous_b, previous_c;
  for (int iter = 0; iter < 3; ++iter) {
    layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
    EXPECT_TRUE(this->AllEqual(*this->blob_top_a_, Dtype(2)));
    const Dtype* b = this->blob_top_b_->cpu_data();
    for (int i = 0; i < 4; ++i) {
      EXPECT_GE(b[i], Dtype(3));
      EXPECT_LE(b[i], Dtype(4));
    }
    const Dtype* c = this->blob_top_c_->cpu_data();
    Dtype sum = 0;
    for (int i = 0; i < 30; ++i) sum += c[i];
    EXPECT_NEAR(sum / 30, Dtype(-5), 0.5);
    vector<Dtype> now_b(b, b + 4), now_c(c, c + 30);
    if (iter > 0) {
      // Refilled: new draws every Forward.
      EXPECT_NE(now_b, previous_b);
      EXPECT_NE(now_c, previous_c);
    }
    previous_b = now_b;
    previous_c = now_c;
  }
}

TYPED_TEST(DummyDataLayerTest, TestSingleRandomFillerRefillsAllTops) {
  typedef TypeParam Dtype;
  Caffe::set_random_seed(3);
  LayerParameter param;
  param.set_type("DummyData");
  DummyDataParameter* dummy = param.mutable_dummy_data_param();
  BlobShape* shape = dummy->add_shape();
  shape->add_dim(2);
  shape->add_dim(3);
  dummy->add_data_filler()->set_type("gaussian");
  this->blob_top_vec_.resize(2);
  shared_ptr<Layer<Dtype> > layer = LayerRegistry<Dtype>::CreateLayer(param);
  layer->SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  EXPECT_EQ(this->blob_top_a_->count(), 6);
  EXPECT_EQ(this->blob_top_b_->count(), 6);
  layer->Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  vector<Dtype> a1(this->blob_top_a_->cpu_data(), this->blob_top_a_->cpu_data() + 6);
  vector<Dtype> b1(this->blob_top_b_->cpu_data(), this->blob_top_b_->cpu_data() + 6);
  EXPECT_NE(a1, b1);
  layer->Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  vector<Dtype> a2(this->blob_top_a_->cpu_data(), this->blob_top_a_->cpu_data() + 6);
  EXPECT_NE(a1, a2);
}

}  // namespace caffe
