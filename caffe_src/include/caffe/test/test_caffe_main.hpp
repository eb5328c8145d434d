// Shared pieces of the gtest suite: the Dtypes every typed test runs over and a
// fixture base that puts Caffe in CPU mode.
#ifndef CAFFE_TEST_TEST_CAFFE_MAIN_HPP_
#define CAFFE_TEST_TEST_CAFFE_MAIN_HPP_

#include <gtest/gtest.h>

#include "caffe/common.hpp"

namespace caffe {

// Seed the global RNG receives before the suite starts.
const unsigned int kTestRandomSeed = 1701u;

// Typed tests run in float and double: TYPED_TEST_SUITE(FooTest, TestDtypes);
// inside a TYPED_TEST, TypeParam is the Dtype.
typedef ::testing::Types<float, double> TestDtypes;

// Optional base class for typed fixtures: template <typename Dtype>
// class FooTest : public CPUDeviceTest<Dtype> { ... };
template <typename Dtype>
class CPUDeviceTest : public ::testing::Test {
 protected:
  CPUDeviceTest() { Caffe::set_mode(Caffe::CPU); }
  virtual ~CPUDeviceTest() {}
};

}  // namespace caffe

#endif  // CAFFE_TEST_TEST_CAFFE_MAIN_HPP_
