// Entry point of test_all: every test_*.cpp links into this one binary.
#include <gtest/gtest.h>

#include "caffe/common.hpp"
#include "caffe/test/test_caffe_main.hpp"

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  caffe::Caffe::set_mode(caffe::Caffe::CPU);
  caffe::Caffe::set_random_seed(caffe::kTestRandomSeed);
  return RUN_ALL_TESTS();
}
