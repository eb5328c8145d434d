// Tests of InputLayer: tops shaped from input_param, contents left to the caller.
#include <vector>

#include "gtest/gtest.h"

#include "caffe/blob.hpp"
#include "caffe/common.hpp"
#include "caffe/layers/input_layer.hpp"
#include "caffe/proto/caffe.pb.h"
#include "caffe/test/test_caffe_main.hpp"

namespace caffe {

template <typename Dtype>
class InputLayerTest : public CPUDeviceTest<Dtype> {
 protected:
  InputLayerTest() : blob_top_a_(new Blob<Dtype>()), blob_top_b_(new Blob<Dtype>()) {}
  virtual void SetUp() {
    blob_top_vec_.push_back(blob_top_a_);
    blob_top_vec_.push_back(blob_top_b_);
  }
  virtual ~InputLayerTest() {
    delete blob_top_a_;
    delete blob_top_b_;
  }
  Blob<Dtype>* const blob_top_a_;
  Blob<Dtype>* const blob_top_b_;
  vector<Blob<Dtype>*> blob_bottom_vec_;
  vector<Blob<Dtype>*> blob_top_vec_;
};

TYPED_TEST_SUITE(InputLayerTest, TestDtypes);

TYPED_TEST(InputLayerTest, TestOneShapeForAllTops) {
  typedef TypeParam Dtype;
  LayerParameter param;
  BlobShape* shape = param.mutable_input_param()->add_shape();
  shape->add_dim(2);
  shape->add_dim(3);
  shape->add_dim(4);
  shape->add_dim(5);
  InputLayer<Dtype> layer(param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  EXPECT_EQ(this->blob_top_a_->shape_string(), Blob<Dtype>(2, 3, 4, 5).shape_string());
  EXPECT_EQ(this->blob_top_b_->shape_string(), Blob<Dtype>(2, 3, 4, 5).shape_string());
}

TYPED_TEST(InputLayerTest, TestShapePerTopAndForwardKeepsData) {
  typedef TypeParam Dtype;
  LayerParameter param;
  param.set_type("Input");
  BlobShape* shape_a = param.mutable_input_param()->add_shape();
  shape_a->add_dim(7);
  BlobShape* shape_b = param.mutable_input_param()->add_shape();
  shape_b->add_dim(1);
  shape_b->add_dim(2);
  shape_b->add_dim(3);
  shared_ptr<Layer<Dtype> > layer = LayerRegistry<Dtype>::CreateLayer(param);
  EXPECT_STREQ(layer->type(), "Input");
  layer->SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  ASSERT_EQ(this->blob_top_a_->num_axes(), 1);
  EXPECT_EQ(this->blob_top_a_->shape(0), 7);
  ASSERT_EQ(this->blob_top_b_->num_axes(), 3);
  EXPECT_EQ(this->blob_top_b_->count(), 6);
  Dtype* a = this->blob_top_a_->mutable_cpu_data();
  for (int i = 0; i < 7; ++i) a[i] = Dtype(i) * Dtype(1.5);
  layer->Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  EXPECT_EQ(this->blob_top_a_->shape(0), 7);
  for (int i = 0; i < 7; ++i) EXPECT_EQ(this->blob_top_a_->cpu_data()[i], Dtype(i) * Dtype(1.5));
  // The caller may reshape an input top; Forward keeps that shape.
  this->blob_top_b_->Reshape(4, 1, 1, 1);
  layer->Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  EXPECT_EQ(this->blob_top_b_->count(), 4);
}

TYPED_TEST(InputLayerTest, TestNoShapeLeavesTops) {
  typedef TypeParam Dtype;
  this->blob_top_a_->Reshape(3, 1, 1, 1);
  LayerParameter param;
  InputLayer<Dtype> layer(param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  EXPECT_EQ(this->blob_top_a_->count(), 3);
  EXPECT_EQ(this->blob_top_b_->count(), 0);
}

}  // namespace caffe
