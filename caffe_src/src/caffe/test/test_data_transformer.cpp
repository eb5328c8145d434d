// Tests of DataTransformer: scale, mean values, mean file, crop and mirror.
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"

#include "caffe/blob.hpp"
#include "caffe/common.hpp"
#include "caffe/data_transformer.hpp"
#include "caffe/proto/caffe.pb.h"
#include "caffe/test/test_caffe_main.hpp"

namespace caffe {

template <typename Dtype>
class DataTransformTest : public CPUDeviceTest<Dtype> {
 protected:
  DataTransformTest() : channels_(2), height_(4), width_(5) {}

  virtual void SetUp() {
    // Pixel value: a distinct byte per position.
    image_.resize(channels_ * height_ * width_);
    for (size_t i = 0; i < image_.size(); ++i) {
      image_[i] = static_cast<unsigned char>((i * 13 + 7) % 251);
    }
  }

  unsigned char Pixel(int c, int h, int w) const {
    return image_[(c * height_ + h) * width_ + w];
  }

  // Transforms the image once; the result lands in out (reshaped as inferred).
  void Run(DataTransformer<Dtype>* transformer, Blob<Dtype>* out) {
    out->Reshape(transformer->InferBlobShape(channels_, height_, width_));
    transformer->Transform(image_.data(), channels_, height_, width_, out);
  }

  // Which crop window and mirror flag produced out, or false when none did.
  bool FindWindow(const Blob<Dtype>& out, int crop, int* h_off, int* w_off, bool* mirrored) {
    for (int m = 0; m < 2; ++m) {
      for (int ho = 0; ho + crop <= height_; ++ho) {
        for (int wo = 0; wo + crop <= width_; ++wo) {
          bool match = true;
          for (int c = 0; c < channels_ && match; ++c) {
            for (int h = 0; h < crop && match; ++h) {
              for (int w = 0; w < crop && match; ++w) {
                const int src_w = m ? (crop - 1 - w) : w;
                match = out.data_at(0, c, h, w) == Dtype(Pixel(c, ho + h, wo + src_w));
              }
            }
          }
          if (match) {
            *h_off = ho;
            *w_off = wo;
            *mirrored = (m == 1);
            return true;
          }
        }
      }
    }
    return false;
  }

  int channels_;
  int height_;
  int width_;
  vector<unsigned char> image_;
};

TYPED_TEST_SUITE(DataTransformTest, TestDtypes);

TYPED_TEST(DataTransformTest, TestIdentity) {
  typedef TypeParam Dtype;
  TransformationParameter param;
  DataTransformer<Dtype> transformer(param, TRAIN);
  transformer.InitRand();
  Blob<Dtype> out;
  this->Run(&transformer, &out);
  EXPECT_EQ(out.num(), 1);
  EXPECT_EQ(out.channels(), 2);
  EXPECT_EQ(out.height(), 4);
  EXPECT_EQ(out.width(), 5);
  for (int c = 0; c < 2; ++c)
    for (int h = 0; h < 4; ++h)
      for (int w = 0; w < 5; ++w) EXPECT_EQ(out.data_at(0, c, h, w), Dtype(this->Pixel(c, h, w)));
}

TYPED_TEST(DataTransformTest, TestScaleAndSingleMeanValue) {
  typedef TypeParam Dtype;
  TransformationParameter param;
  param.set_scale(0.5);
  param.add_mean_value(20);
  DataTransformer<Dtype> transformer(param, TEST);
  transformer.InitRand();
  Blob<Dtype> out;
  this->Run(&transformer, &out);
  for (int c = 0; c < 2; ++c)
    for (int h = 0; h < 4; ++h)
      for (int w = 0; w < 5; ++w)
        EXPECT_NEAR(out.data_at(0, c, h, w), (Dtype(this->Pixel(c, h, w)) - 20) * Dtype(0.5),
                    1e-5);
}

TYPED_TEST(DataTransformTest, TestMeanValuePerChannel) {
  typedef TypeParam Dtype;
  TransformationParameter param;
  param.add_mean_value(3);
  param.add_mean_value(50);
  DataTransformer<Dtype> transformer(param, TRAIN);
  transformer.InitRand();
  Blob<Dtype> out;
  this->Run(&transformer, &out);
  for (int c = 0; c < 2; ++c)
    for (int h = 0; h < 4; ++h)
      for (int w = 0; w < 5; ++w)
        EXPECT_NEAR(out.data_at(0, c, h, w), Dtype(this->Pixel(c, h, w)) - (c ? 50 : 3), 1e-5);
}

TYPED_TEST(DataTransformTest, TestMeanFileWithCenterCrop) {
  typedef TypeParam Dtype;
  char dir_template[] = "/tmp/caffe_test_transformer.XXXXXX";
  ASSERT_TRUE(mkdtemp(dir_template) != nullptr);
  const string dir = dir_template;
  const string mean_path = dir + "/mean.binaryproto";
  BlobProto mean_proto;
  mean_proto.set_num(1);
  mean_proto.set_channels(2);
  mean_proto.set_height(4);
  mean_proto.set_width(5);
  for (int i = 0; i < 40; ++i) mean_proto.add_data(static_cast<float>(i) * 0.5f);
  {
    std::ofstream out(mean_path.c_str(), std::ios::out | std::ios::binary);
    ASSERT_TRUE(mean_proto.SerializeToOstream(&out));
  }
  TransformationParameter param;
  param.set_mean_file(mean_path);
  param.set_crop_size(3);
  param.set_scale(2);
  DataTransformer<Dtype> transformer(param, TEST);
  transformer.InitRand();
  Blob<Dtype> out;
  this->Run(&transformer, &out);
  ASSERT_EQ(out.height(), 3);
  ASSERT_EQ(out.width(), 3);
  // Center crop: offsets (4 - 3) / 2 = 0 and (5 - 3) / 2 = 1.
  for (int c = 0; c < 2; ++c) {
    for (int h = 0; h < 3; ++h) {
      for (int w = 0; w < 3; ++w) {
        const int src = (c * 4 + h) * 5 + (w + 1);
        EXPECT_NEAR(out.data_at(0, c, h, w),
                    (Dtype(this->Pixel(c, h, w + 1)) - Dtype(src) * Dtype(0.5)) * 2, 1e-5);
      }
    }
  }
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
}

TYPED_TEST(DataTransformTest, TestRandomCropInTrainIsValidAndSeeded) {
  typedef TypeParam Dtype;
  TransformationParameter param;
  param.set_crop_size(2);
  const int kRuns = 40;
  vector<int> first_offsets;
  set<int> distinct;
  for (int pass = 0; pass < 2; ++pass) {
    Caffe::set_random_seed(1701);
    DataTransformer<Dtype> transformer(param, TRAIN);
    transformer.InitRand();
    for (int run = 0; run < kRuns; ++run) {
      Blob<Dtype> out;
      this->Run(&transformer, &out);
      int h_off = -1;
      int w_off = -1;
      bool mirrored = true;
      ASSERT_TRUE(this->FindWindow(out, 2, &h_off, &w_off, &mirrored));
      EXPECT_FALSE(mirrored);
      const int key = h_off * 10 + w_off;
      if (pass == 0) {
        first_offsets.push_back(key);
        distinct.insert(key);
      } else {
        EXPECT_EQ(key, first_offsets[run]) << "same seed, different crop at run " << run;
      }
    }
  }
  // 3 x 4 possible windows; 40 draws should hit several of them.
  EXPECT_GT(distinct.size(), 3u);
}

TYPED_TEST(DataTransformTest, TestMirror) {
  typedef TypeParam Dtype;
  TransformationParameter param;
  param.set_mirror(true);
  Caffe::set_random_seed(42);
  DataTransformer<Dtype> transformer(param, TRAIN);
  transformer.InitRand();
  int num_mirrored = 0;
  const int kRuns = 40;
  for (int run = 0; run < kRuns; ++run) {
    Blob<Dtype> out;
    this->Run(&transformer, &out);
    bool mirrored = true;
    bool plain = true;
    for (int c = 0; c < 2; ++c) {
      for (int h = 0; h < 4; ++h) {
        for (int w = 0; w < 5; ++w) {
          if (out.data_at(0, c, h, w) != Dtype(this->Pixel(c, h, 4 - w))) mirrored = false;
          if (out.data_at(0, c, h, w) != Dtype(this->Pixel(c, h, w))) plain = false;
        }
      }
    }
    ASSERT_TRUE(mirrored || plain);
    if (mirrored) ++num_mirrored;
  }
  EXPECT_GT(num_mirrored, 0);
  EXPECT_LT(num_mirrored, kRuns);
}

TYPED_TEST(DataTransformTest, TestCropAndMirrorInTest) {
  typedef TypeParam Dtype;
  TransformationParameter param;
  param.set_mirror(true);
  param.set_crop_size(2);
  DataTransformer<Dtype> transformer(param, TEST);
  transformer.InitRand();
  bool saw_mirror = false;
  bool saw_plain = false;
  for (int run = 0; run < 30; ++run) {
    Blob<Dtype> out;
    this->Run(&transformer, &out);
    int h_off = -1;
    int w_off = -1;
    bool mirrored = false;
    ASSERT_TRUE(this->FindWindow(out, 2, &h_off, &w_off, &mirrored));
    // The center window is fixed in TEST.
    EXPECT_EQ(h_off, 1);
    EXPECT_EQ(w_off, 1);
    (mirrored ? saw_mirror : saw_plain) = true;
  }
  EXPECT_TRUE(saw_mirror);
  EXPECT_TRUE(saw_plain);
}

TYPED_TEST(DataTransformTest, TestTransformBlob) {
  typedef TypeParam Dtype;
  TransformationParameter param;
  param.set_crop_size(3);
  param.add_mean_value(1);
  param.add_mean_value(2);
  param.set_scale(3);
  DataTransformer<Dtype> transformer(param, TEST);
  transformer.InitRand();
  Blob<Dtype> input(2, 2, 4, 5);
  Dtype* in = input.mutable_cpu_data();
  for (int i = 0; i < input.count(); ++i) in[i] = Dtype(i % 17) - Dtype(4);
  Blob<Dtype> output;
  transformer.Transform(&input, &output);
  ASSERT_EQ(output.num(), 2);
  ASSERT_EQ(output.channels(), 2);
  ASSERT_EQ(output.height(), 3);
  ASSERT_EQ(output.width(), 3);
  for (int n = 0; n < 2; ++n)
    for (int c = 0; c < 2; ++c)
      for (int h = 0; h < 3; ++h)
        for (int w = 0; w < 3; ++w)
          EXPECT_NEAR(output.data_at(n, c, h, w),
                      (input.data_at(n, c, h, w + 1) - Dtype(c + 1)) * 3, 1e-5);
}

TYPED_TEST(DataTransformTest, TestRawPointerMatchesBlob) {
  typedef TypeParam Dtype;
  TransformationParameter param;
  param.set_scale(0.25);
  param.add_mean_value(9);
  DataTransformer<Dtype> transformer(param, TRAIN);
  transformer.InitRand();
  Blob<Dtype> out;
  this->Run(&transformer, &out);
  vector<Dtype> raw(out.count());
  transformer.Transform(this->image_.data(), 2, 4, 5, raw.data());
  for (int i = 0; i < out.count(); ++i) EXPECT_EQ(raw[i], out.cpu_data()[i]);
}

}  // namespace caffe
