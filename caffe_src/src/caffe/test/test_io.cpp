// Protocol buffer I/O: text and binary round trips.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "caffe/common.hpp"
#include "caffe/proto/caffe.pb.h"
#include "caffe/test/test_caffe_main.hpp"
#include "caffe/util/io.hpp"

namespace caffe {

class IOTest : public ::testing::Test {
 protected:
  virtual void SetUp() { MakeTempFilename(&filename_); }
  virtual void TearDown() { std::remove(filename_.c_str()); }
  string filename_;
};

static const char kSmallNet[] =
    "name: 'tiny'\n"
    "layer { name: 'data' type: 'Input' top: 'data'\n"
    "        input_param { shape { dim: 2 dim: 3 } } }\n"
    "layer { name: 'ip' type: 'InnerProduct' bottom: 'data' top: 'ip'\n"
    "        inner_product_param { num_output: 4\n"
    "          weight_filler { type: 'xavier' } } }\n"
    "layer { name: 'relu' type: 'ReLU' bottom: 'ip' top: 'ip' }\n";

TEST_F(IOTest, TestTextRoundTrip) {
  {
    std::ofstream out(filename_.c_str());
    out << kSmallNet;
  }
  NetParameter param;
  ASSERT_TRUE(ReadProtoFromTextFile(filename_, &param));
  EXPECT_EQ(param.name(), "tiny");
  ASSERT_EQ(param.layer_size(), 3);
  EXPECT_EQ(param.layer(1).type(), "InnerProduct");
  EXPECT_EQ(param.layer(1).inner_product_param().num_output(), 4u);
  EXPECT_EQ(param.layer(1).inner_product_param().weight_filler().type(), "xavier");
  EXPECT_EQ(param.layer(0).input_param().shape(0).dim(1), 3);

  WriteProtoToTextFile(param, filename_);
  NetParameter reread;
  ReadNetParamsFromTextFileOrDie(filename_, &reread);
  EXPECT_EQ(reread.SerializeAsString(), param.SerializeAsString());
}

TEST_F(IOTest, TestBinaryRoundTrip) {
  NetParameter param;
  param.set_name("binary");
  LayerParameter* layer = param.add_layer();
  layer->set_name("ip");
  layer->set_type("InnerProduct");
  BlobProto* blob = layer->add_blobs();
  blob->mutable_shape()->add_dim(1000);
  for (int i = 0; i < 1000; ++i) blob->add_data(0.5f * i);
  WriteProtoToBinaryFile(param, filename_);
  NetParameter reread;
  ASSERT_TRUE(ReadProtoFromBinaryFile(filename_, &reread));
  EXPECT_EQ(reread.SerializeAsString(), param.SerializeAsString());
  NetParameter reread2;
  ReadNetParamsFromBinaryFileOrDie(filename_, &reread2);
  EXPECT_EQ(reread2.layer(0).blobs(0).data(999), 499.5f);
}

TEST_F(IOTest, TestSolverText) {
  {
    std::ofstream out(filename_.c_str());
    out << "net: 'train.prototxt'\nbase_lr: 0.01\nmax_iter: 100\n";
  }
  SolverParameter solver;
  ReadSolverParamsFromTextFileOrDie(filename_, &solver);
  EXPECT_EQ(solver.net(), "train.prototxt");
  EXPECT_FLOAT_EQ(solver.base_lr(), 0.01f);
  EXPECT_EQ(solver.max_iter(), 100);
}

TEST_F(IOTest, TestMissingAndMalformedFiles) {
  NetParameter param;
  EXPECT_FALSE(ReadProtoFromTextFile("/nonexistent/dir/file.prototxt", &param));
  EXPECT_FALSE(ReadProtoFromBinaryFile("/nonexistent/dir/file.caffemodel", &param));
  {
    std::ofstream out(filename_.c_str());
    out << "layer { name: 'x' this is not a proto";
  }
  EXPECT_FALSE(ReadProtoFromTextFile(filename_, &param));
  string contents;
  EXPECT_TRUE(ReadFileToString(filename_, &contents));
  EXPECT_EQ(contents.substr(0, 7), "layer {");
}

TEST_F(IOTest, TestMakeTempDir) {
  string dir;
  MakeTempDir(&dir);
  EXPECT_FALSE(dir.empty());
  const string file = dir + "/x.prototxt";
  NetParameter param;
  param.set_name("in_dir");
  WriteProtoToTextFile(param, file);
  NetParameter reread;
  EXPECT_TRUE(ReadProtoFromTextFile(file, &reread));
  EXPECT_EQ(reread.name(), "in_dir");
  std::remove(file.c_str());
  std::remove(dir.c_str());
}

}  // namespace caffe
