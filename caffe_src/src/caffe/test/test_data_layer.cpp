// Tests of DataLayer on small synthetic MNIST (IDX, plain and gzipped) and CIFAR-10
// (binary) datasets written into a temporary directory.
#include <stdlib.h>
#include <zlib.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"

#include "caffe/blob.hpp"
#include "caffe/common.hpp"
#include "caffe/layers/data_layer.hpp"
#include "caffe/proto/caffe.pb.h"
#include "caffe/test/test_caffe_main.hpp"

namespace caffe {

namespace {

// The synthetic pixel p of image i, and its label.
inline uint8_t SyntheticPixel(int i, int p) { return static_cast<uint8_t>((i * 37 + p * 11 + 3) % 256); }
inline uint8_t SyntheticLabel(int i) { return static_cast<uint8_t>((i * 3 + 1) % 10); }

void PutBigEndian32(uint32_t value, vector<uint8_t>* bytes) {
  bytes->push_back(static_cast<uint8_t>(value >> 24));
  bytes->push_back(static_cast<uint8_t>(value >> 16));
  bytes->push_back(static_cast<uint8_t>(value >> 8));
  bytes->push_back(static_cast<uint8_t>(value));
}

void WriteBytes(const string& path, const vector<uint8_t>& bytes, bool gzip) {
  if (gzip) {
    gzFile file = gzopen(path.c_str(), "wb");
    ASSERT_TRUE(file != nullptr) << path;
    if (!bytes.empty()) {
      ASSERT_EQ(gzwrite(file, bytes.data(), static_cast<unsigned int>(bytes.size())),
                static_cast<int>(bytes.size()));
    }
    ASSERT_EQ(gzclose(file), Z_OK);
  } else {
    std::ofstream file(path.c_str(), std::ios::out | std::ios::binary);
    ASSERT_TRUE(file.good()) << path;
    file.write(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  }
}

// An IDX images file of num images of rows x cols, images first_index, first_index+1, ...
vector<uint8_t> MNISTImageBytes(int num, int rows, int cols, uint32_t magic = 2051,
                                int first_index = 0) {
  vector<uint8_t> bytes;
  PutBigEndian32(magic, &bytes);
  PutBigEndian32(num, &bytes);
  PutBigEndian32(rows, &bytes);
  PutBigEndian32(cols, &bytes);
  for (int i = 0; i < num; ++i) {
    for (int p = 0; p < rows * cols; ++p) bytes.push_back(SyntheticPixel(first_index + i, p));
  }
  return bytes;
}

vector<uint8_t> MNISTLabelBytes(int num, uint32_t magic = 2049, int first_index = 0) {
  vector<uint8_t> bytes;
  PutBigEndian32(magic, &bytes);
  PutBigEndian32(num, &bytes);
  for (int i = 0; i < num; ++i) bytes.push_back(SyntheticLabel(first_index + i));
  return bytes;
}

// CIFAR-10 records for images first_index .. first_index + num - 1.
vector<uint8_t> CIFARBytes(int num, int first_index) {
  vector<uint8_t> bytes;
  for (int i = 0; i < num; ++i) {
    bytes.push_back(SyntheticLabel(first_index + i));
    for (int p = 0; p < 3 * 32 * 32; ++p) bytes.push_back(SyntheticPixel(first_index + i, p));
  }
  return bytes;
}

}  // namespace

template <typename Dtype>
class DataLayerTest : public CPUDeviceTest<Dtype> {
 protected:
  DataLayerTest() : blob_top_data_(new Blob<Dtype>()), blob_top_label_(new Blob<Dtype>()) {}

  virtual void SetUp() {
    char dir_template[] = "/tmp/caffe_test_data_layer.XXXXXX";
    ASSERT_TRUE(mkdtemp(dir_template) != nullptr);
    temp_dir_ = dir_template;
    blob_top_vec_.push_back(blob_top_data_);
    blob_top_vec_.push_back(blob_top_label_);
  }

  virtual void TearDown() {
    std::error_code ec;
    std::filesystem::remove_all(temp_dir_, ec);
  }

  virtual ~DataLayerTest() {
    delete blob_top_data_;
    delete blob_top_label_;
  }

  string Path(const string& name) const { return temp_dir_ + "/" + name; }

  // Writes prefix-images-idx3-ubyte and prefix-labels-idx1-ubyte (with .gz when gzip).
  void WriteMNIST(const string& prefix, int num, int rows, int cols, bool gzip) {
    const string suffix = gzip ? ".gz" : "";
    WriteBytes(Path(prefix + "-images-idx3-ubyte" + suffix), MNISTImageBytes(num, rows, cols),
               gzip);
    WriteBytes(Path(prefix + "-labels-idx1-ubyte" + suffix), MNISTLabelBytes(num), gzip);
  }

  LayerParameter MNISTParam(const string& source, int batch_size, const string& split) {
    LayerParameter param;
    param.set_name("data");
    param.set_type("Data");
    DataParameter* data_param = param.mutable_data_param();
    data_param->set_source(source);
    data_param->set_backend(DataParameter_DB_MNIST);
    data_param->set_batch_size(batch_size);
    data_param->set_split(split);
    return param;
  }

  LayerParameter CIFARParam(const string& source, int batch_size, const string& split) {
    LayerParameter param = MNISTParam(source, batch_size, split);
    param.mutable_data_param()->set_backend(DataParameter_DB_CIFAR10);
    return param;
  }

  // Checks that the tops hold the images listed in indices, transformed as
  // (pixel - mean[c]) * scale, with their labels.
  void CheckBatch(const vector<int>& indices, int channels, int height, int width, Dtype scale,
                  const vector<Dtype>& mean, bool check_labels = true) {
    ASSERT_EQ(blob_top_data_->num(), static_cast<int>(indices.size()));
    ASSERT_EQ(blob_top_data_->channels(), channels);
    ASSERT_EQ(blob_top_data_->height(), height);
    ASSERT_EQ(blob_top_data_->width(), width);
    const int spatial = height * width;
    const Dtype* data = blob_top_data_->cpu_data();
    for (size_t n = 0; n < indices.size(); ++n) {
      for (int c = 0; c < channels; ++c) {
        const Dtype m = mean.empty() ? Dtype(0) : mean[mean.size() == 1 ? 0 : c];
        for (int s = 0; s < spatial; ++s) {
          const int p = c * spatial + s;
          const Dtype expected = (Dtype(SyntheticPixel(indices[n], p)) - m) * scale;
          ASSERT_NEAR(data[n * channels * spatial + p], expected, 1e-4)
              << "image " << indices[n] << " element " << p;
        }
      }
      if (check_labels) {
        EXPECT_EQ(blob_top_label_->cpu_data()[n], Dtype(SyntheticLabel(indices[n])));
      }
    }
  }

  string temp_dir_;
  Blob<Dtype>* const blob_top_data_;
  Blob<Dtype>* const blob_top_label_;
  vector<Blob<Dtype>*> blob_bottom_vec_;
  vector<Blob<Dtype>*> blob_top_vec_;
};

TYPED_TEST_SUITE(DataLayerTest, TestDtypes);

TYPED_TEST(DataLayerTest, TestMNISTPlainShapesScaleAndWrapAround) {
  typedef TypeParam Dtype;
  this->WriteMNIST("train", 5, 4, 3, false);
  LayerParameter param = this->MNISTParam(this->temp_dir_, 2, "train");
  param.mutable_transform_param()->set_scale(0.5);
  DataLayer<Dtype> layer(param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  EXPECT_EQ(layer.num_images(), 5);
  EXPECT_EQ(this->blob_top_data_->num(), 2);
  EXPECT_EQ(this->blob_top_data_->channels(), 1);
  EXPECT_EQ(this->blob_top_data_->height(), 4);
  EXPECT_EQ(this->blob_top_data_->width(), 3);
  ASSERT_EQ(this->blob_top_label_->num_axes(), 1);
  EXPECT_EQ(this->blob_top_label_->shape(0), 2);
  const vector<Dtype> no_mean;
  const int expected[4][2] = {{0, 1}, {2, 3}, {4, 0}, {1, 2}};
  for (int iter = 0; iter < 4; ++iter) {
    layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
    this->CheckBatch(vector<int>(expected[iter], expected[iter] + 2), 1, 4, 3, Dtype(0.5),
                     no_mean);
  }
  EXPECT_EQ(layer.offset(), 3);
}

TYPED_TEST(DataLayerTest, TestMNISTGzipTestSplitWithMeanValue) {
  typedef TypeParam Dtype;
  this->WriteMNIST("t10k", 3, 5, 5, true);
  // A train split with other contents, which the test split must not read.
  WriteBytes(this->Path("train-images-idx3-ubyte"), MNISTImageBytes(4, 5, 5, 2051, 50), false);
  WriteBytes(this->Path("train-labels-idx1-ubyte"), MNISTLabelBytes(4, 2049, 50), false);
  LayerParameter param = this->MNISTParam(this->temp_dir_, 3, "test");
  param.set_phase(TEST);
  param.mutable_transform_param()->set_scale(2);
  param.mutable_transform_param()->add_mean_value(10);
  DataLayer<Dtype> layer(param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  EXPECT_EQ(layer.num_images(), 3);
  for (int iter = 0; iter < 2; ++iter) {
    layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
    const int indices[3] = {0, 1, 2};
    this->CheckBatch(vector<int>(indices, indices + 3), 1, 5, 5, Dtype(2), vector<Dtype>(1, 10));
  }
}

TYPED_TEST(DataLayerTest, TestMNISTPrefersPlainFile) {
  typedef TypeParam Dtype;
  // The gzipped files hold images 100.., the plain ones images 0..
  WriteBytes(this->Path("train-images-idx3-ubyte.gz"), MNISTImageBytes(2, 2, 2, 2051, 100),
             true);
  WriteBytes(this->Path("train-labels-idx1-ubyte.gz"), MNISTLabelBytes(2, 2049, 100), true);
  this->WriteMNIST("train", 2, 2, 2, false);
  DataLayer<Dtype> layer(this->MNISTParam(this->temp_dir_, 2, "train"));
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  const int indices[2] = {0, 1};
  this->CheckBatch(vector<int>(indices, indices + 2), 1, 2, 2, Dtype(1), vector<Dtype>());
}

TYPED_TEST(DataLayerTest, TestMNISTSourceIsImagesFile) {
  typedef TypeParam Dtype;
  this->WriteMNIST("train", 4, 3, 2, true);
  DataLayer<Dtype> layer(
      this->MNISTParam(this->Path("train-images-idx3-ubyte.gz"), 3, "test"));
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  EXPECT_EQ(layer.num_images(), 4);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  const int first[3] = {0, 1, 2};
  this->CheckBatch(vector<int>(first, first + 3), 1, 3, 2, Dtype(1), vector<Dtype>());
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  const int second[3] = {3, 0, 1};
  this->CheckBatch(vector<int>(second, second + 3), 1, 3, 2, Dtype(1), vector<Dtype>());
}

TYPED_TEST(DataLayerTest, TestMNISTLimitAndNoLabelTop) {
  typedef TypeParam Dtype;
  this->WriteMNIST("train", 6, 2, 2, false);
  LayerParameter param = this->MNISTParam(this->temp_dir_, 2, "train");
  param.mutable_data_param()->set_limit(3);
  DataLayer<Dtype> layer(param);
  vector<Blob<Dtype>*> data_only(1, this->blob_top_data_);
  layer.SetUp(this->blob_bottom_vec_, data_only);
  EXPECT_EQ(layer.num_images(), 3);
  const int expected[3][2] = {{0, 1}, {2, 0}, {1, 2}};
  for (int iter = 0; iter < 3; ++iter) {
    layer.Forward(this->blob_bottom_vec_, data_only);
    this->CheckBatch(vector<int>(expected[iter], expected[iter] + 2), 1, 2, 2, Dtype(1),
                     vector<Dtype>(), false);
  }
  // The label blob was never touched.
  EXPECT_EQ(this->blob_top_label_->count(), 0);
}

TYPED_TEST(DataLayerTest, TestMNISTMeanFileAndLegacyScale) {
  typedef TypeParam Dtype;
  this->WriteMNIST("train", 2, 2, 3, false);
  BlobProto mean_proto;
  mean_proto.set_num(1);
  mean_proto.set_channels(1);
  mean_proto.set_height(2);
  mean_proto.set_width(3);
  for (int p = 0; p < 6; ++p) mean_proto.add_data(static_cast<float>(p * 5));
  const string mean_path = this->Path("mean.binaryproto");
  {
    std::ofstream out(mean_path.c_str(), std::ios::out | std::ios::binary);
    ASSERT_TRUE(mean_proto.SerializeToOstream(&out));
  }
  LayerParameter param = this->MNISTParam(this->temp_dir_, 2, "train");
  param.mutable_transform_param()->set_mean_file(mean_path);
  param.mutable_data_param()->set_scale(0.25);  // the old place for scale
  DataLayer<Dtype> layer(param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  const Dtype* data = this->blob_top_data_->cpu_data();
  for (int n = 0; n < 2; ++n) {
    for (int p = 0; p < 6; ++p) {
      EXPECT_NEAR(data[n * 6 + p], (Dtype(SyntheticPixel(n, p)) - Dtype(p * 5)) * Dtype(0.25),
                  1e-5);
    }
  }
}

TYPED_TEST(DataLayerTest, TestMNISTCenterCropInTest) {
  typedef TypeParam Dtype;
  this->WriteMNIST("t10k", 2, 5, 5, false);
  LayerParameter param = this->MNISTParam(this->temp_dir_, 2, "test");
  param.set_phase(TEST);
  param.mutable_transform_param()->set_crop_size(3);
  DataLayer<Dtype> layer(param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  EXPECT_EQ(this->blob_top_data_->height(), 3);
  EXPECT_EQ(this->blob_top_data_->width(), 3);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  for (int n = 0; n < 2; ++n) {
    for (int h = 0; h < 3; ++h) {
      for (int w = 0; w < 3; ++w) {
        EXPECT_EQ(this->blob_top_data_->data_at(n, 0, h, w),
                  Dtype(SyntheticPixel(n, (h + 1) * 5 + (w + 1))));
      }
    }
  }
}

TYPED_TEST(DataLayerTest, TestCIFARDirectoryTrainSplit) {
  typedef TypeParam Dtype;
  // data_batch_1 holds images 0..2, data_batch_2 images 3..4; test_batch is other data.
  WriteBytes(this->Path("data_batch_1.bin"), CIFARBytes(3, 0), false);
  WriteBytes(this->Path("data_batch_2.bin"), CIFARBytes(2, 3), false);
  WriteBytes(this->Path("test_batch.bin"), CIFARBytes(1, 70), false);
  LayerParameter param = this->CIFARParam(this->temp_dir_, 4, "train");
  TransformationParameter* transform = param.mutable_transform_param();
  transform->set_scale(0.125);
  transform->add_mean_value(100);
  transform->add_mean_value(120);
  transform->add_mean_value(140);
  DataLayer<Dtype> layer(param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  EXPECT_EQ(layer.num_images(), 5);
  EXPECT_EQ(this->blob_top_data_->shape_string(), Blob<Dtype>(4, 3, 32, 32).shape_string());
  vector<Dtype> mean;
  mean.push_back(100);
  mean.push_back(120);
  mean.push_back(140);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  const int first[4] = {0, 1, 2, 3};
  this->CheckBatch(vector<int>(first, first + 4), 3, 32, 32, Dtype(0.125), mean);
  layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  const int second[4] = {4, 0, 1, 2};
  this->CheckBatch(vector<int>(second, second + 4), 3, 32, 32, Dtype(0.125), mean);
}

TYPED_TEST(DataLayerTest, TestCIFARTestSplitAndSingleFile) {
  typedef TypeParam Dtype;
  WriteBytes(this->Path("data_batch_1.bin"), CIFARBytes(2, 40), false);
  WriteBytes(this->Path("test_batch.bin"), CIFARBytes(3, 0), false);
  {
    LayerParameter param = this->CIFARParam(this->temp_dir_, 3, "test");
    param.set_phase(TEST);
    DataLayer<Dtype> layer(param);
    layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
    EXPECT_EQ(layer.num_images(), 3);
    layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
    const int indices[3] = {0, 1, 2};
    this->CheckBatch(vector<int>(indices, indices + 3), 3, 32, 32, Dtype(1), vector<Dtype>());
  }
  {
    LayerParameter param = this->CIFARParam(this->Path("data_batch_1.bin"), 2, "test");
    param.mutable_data_param()->set_limit(1);
    DataLayer<Dtype> layer(param);
    layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
    EXPECT_EQ(layer.num_images(), 1);
    layer.Forward(this->blob_bottom_vec_, this->blob_top_vec_);
    const int indices[2] = {40, 40};
    this->CheckBatch(vector<int>(indices, indices + 2), 3, 32, 32, Dtype(1), vector<Dtype>());
  }
}

TYPED_TEST(DataLayerTest, TestSetUpThroughFactory) {
  typedef TypeParam Dtype;
  this->WriteMNIST("train", 3, 2, 2, false);
  shared_ptr<Layer<Dtype> > layer =
      LayerRegistry<Dtype>::CreateLayer(this->MNISTParam(this->temp_dir_, 3, "train"));
  EXPECT_STREQ(layer->type(), "Data");
  layer->SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
  layer->Forward(this->blob_bottom_vec_, this->blob_top_vec_);
  const int indices[3] = {0, 1, 2};
  this->CheckBatch(vector<int>(indices, indices + 3), 1, 2, 2, Dtype(1), vector<Dtype>());
}

// Error paths: each is a one-line fatal error naming the problem and the file.
// A threadsafe death test runs the test again in a fresh process, SetUp included;
// that child reuses the parent's directory, found through the environment, so that
// the parent's TearDown removes everything.
const char kDeathTestDirVariable[] = "CAFFE_DATA_LAYER_DEATH_TEST_DIR";

template <typename Dtype>
class DataLayerDeathTest : public DataLayerTest<Dtype> {
 protected:
  DataLayerDeathTest() : owns_dir_(false) {}

  virtual void SetUp() {
    const char* parent_dir = getenv(kDeathTestDirVariable);
    if (parent_dir) {
      this->temp_dir_ = parent_dir;
      this->blob_top_vec_.push_back(this->blob_top_data_);
      this->blob_top_vec_.push_back(this->blob_top_label_);
    } else {
      DataLayerTest<Dtype>::SetUp();
      owns_dir_ = true;
      setenv(kDeathTestDirVariable, this->temp_dir_.c_str(), 1);
    }
  }

  virtual void TearDown() {
    if (owns_dir_) {
      unsetenv(kDeathTestDirVariable);
      DataLayerTest<Dtype>::TearDown();
    }
  }

  bool owns_dir_;
};
TYPED_TEST_SUITE(DataLayerDeathTest, TestDtypes);

TYPED_TEST(DataLayerDeathTest, TestMNISTBadImageMagic) {
  typedef TypeParam Dtype;
  ::testing::FLAGS_gtest_death_test_style = "threadsafe";
  WriteBytes(this->Path("train-images-idx3-ubyte"), MNISTImageBytes(2, 2, 2, 2049), false);
  WriteBytes(this->Path("train-labels-idx1-ubyte"), MNISTLabelBytes(2), false);
  DataLayer<Dtype> layer(this->MNISTParam(this->temp_dir_, 1, "train"));
  EXPECT_DEATH(layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_),
               "Bad magic number 2049 .*train-images-idx3-ubyte");
}

TYPED_TEST(DataLayerDeathTest, TestMNISTBadLabelMagic) {
  typedef TypeParam Dtype;
  ::testing::FLAGS_gtest_death_test_style = "threadsafe";
  WriteBytes(this->Path("train-images-idx3-ubyte"), MNISTImageBytes(2, 2, 2), false);
  WriteBytes(this->Path("train-labels-idx1-ubyte"), MNISTLabelBytes(2, 2051), false);
  DataLayer<Dtype> layer(this->MNISTParam(this->temp_dir_, 1, "train"));
  EXPECT_DEATH(layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_),
               "Bad magic number 2051 .*train-labels-idx1-ubyte");
}

TYPED_TEST(DataLayerDeathTest, TestMNISTTooFewLabels) {
  typedef TypeParam Dtype;
  ::testing::FLAGS_gtest_death_test_style = "threadsafe";
  WriteBytes(this->Path("train-images-idx3-ubyte"), MNISTImageBytes(3, 2, 2), false);
  WriteBytes(this->Path("train-labels-idx1-ubyte"), MNISTLabelBytes(2), false);
  DataLayer<Dtype> layer(this->MNISTParam(this->temp_dir_, 1, "train"));
  EXPECT_DEATH(layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_), "has 2 labels");
}

TYPED_TEST(DataLayerDeathTest, TestMNISTTruncatedImages) {
  typedef TypeParam Dtype;
  ::testing::FLAGS_gtest_death_test_style = "threadsafe";
  vector<uint8_t> bytes = MNISTImageBytes(3, 2, 2);
  bytes.resize(bytes.size() - 2);
  WriteBytes(this->Path("train-images-idx3-ubyte.gz"), bytes, true);
  WriteBytes(this->Path("train-labels-idx1-ubyte.gz"), MNISTLabelBytes(3), true);
  DataLayer<Dtype> layer(this->MNISTParam(this->temp_dir_, 1, "train"));
  EXPECT_DEATH(layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_), "truncated");
}

TYPED_TEST(DataLayerDeathTest, TestMNISTMissingFiles) {
  typedef TypeParam Dtype;
  ::testing::FLAGS_gtest_death_test_style = "threadsafe";
  DataLayer<Dtype> layer(this->MNISTParam(this->temp_dir_, 1, "test"));
  EXPECT_DEATH(layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_),
               "No MNIST images file t10k-images-idx3-ubyte");
}

TYPED_TEST(DataLayerDeathTest, TestCIFARBadSize) {
  typedef TypeParam Dtype;
  ::testing::FLAGS_gtest_death_test_style = "threadsafe";
  vector<uint8_t> bytes = CIFARBytes(2, 0);
  bytes.pop_back();
  WriteBytes(this->Path("data_batch_1.bin"), bytes, false);
  DataLayer<Dtype> layer(this->CIFARParam(this->temp_dir_, 1, "train"));
  EXPECT_DEATH(layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_),
               "data_batch_1.bin has 6145 bytes");
}

TYPED_TEST(DataLayerDeathTest, TestBadSplit) {
  typedef TypeParam Dtype;
  ::testing::FLAGS_gtest_death_test_style = "threadsafe";
  WriteBytes(this->Path("data_batch_1.bin"), CIFARBytes(1, 0), false);
  DataLayer<Dtype> layer(this->CIFARParam(this->temp_dir_, 1, "validation"));
  EXPECT_DEATH(layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_), "split");
}

}  // namespace caffe
