// SyncedMemory: lazy allocation, zero fill, alignment, external buffers.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "caffe/common.hpp"
#include "caffe/syncedmem.hpp"
#include "caffe/test/test_caffe_main.hpp"

namespace caffe {

class SyncedMemoryTest : public ::testing::Test {};

TEST_F(SyncedMemoryTest, TestInitialization) {
  SyncedMemory mem(10);
  EXPECT_EQ(mem.head(), SyncedMemory::UNINITIALIZED);
  EXPECT_EQ(mem.size(), 10u);
  SyncedMemory* p_mem = new SyncedMemory(10 * sizeof(float));
  EXPECT_EQ(p_mem->size(), 10 * sizeof(float));
  delete p_mem;
}

TEST_F(SyncedMemoryTest, TestAllocationZeroFilledAndAligned) {
  SyncedMemory mem(1000);
  const void* cpu_data = mem.cpu_data();
  ASSERT_TRUE(cpu_data != nullptr);
  EXPECT_EQ(mem.head(), SyncedMemory::HEAD_AT_CPU);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(cpu_data) % 64, 0u);
  const unsigned char* bytes = static_cast<const unsigned char*>(cpu_data);
  for (int i = 0; i < 1000; ++i) EXPECT_EQ(bytes[i], 0);
  // The same buffer comes back on later calls.
  EXPECT_EQ(mem.mutable_cpu_data(), cpu_data);
  EXPECT_EQ(mem.head(), SyncedMemory::HEAD_AT_CPU);
}

TEST_F(SyncedMemoryTest, TestMutableThenRead) {
  SyncedMemory mem(10);
  void* data = mem.mutable_cpu_data();
  EXPECT_EQ(mem.head(), SyncedMemory::HEAD_AT_CPU);
  std::memset(data, 1, mem.size());
  const unsigned char* read = static_cast<const unsigned char*>(mem.cpu_data());
  for (size_t i = 0; i < mem.size(); ++i) EXPECT_EQ(read[i], 1);
  data = mem.mutable_cpu_data();
  std::memset(data, 2, mem.size());
  read = static_cast<const unsigned char*>(mem.cpu_data());
  for (size_t i = 0; i < mem.size(); ++i) EXPECT_EQ(read[i], 2);
}

TEST_F(SyncedMemoryTest, TestZeroSize) {
  SyncedMemory mem(0);
  EXPECT_TRUE(mem.cpu_data() != nullptr);
  EXPECT_EQ(mem.head(), SyncedMemory::HEAD_AT_CPU);
}

TEST_F(SyncedMemoryTest, TestSetCpuData) {
  std::vector<float> external(4, 3.f);
  SyncedMemory mem(4 * sizeof(float));
  mem.mutable_cpu_data();  // allocate its own first; set_cpu_data must release it
  mem.set_cpu_data(external.data());
  EXPECT_EQ(mem.head(), SyncedMemory::HEAD_AT_CPU);
  EXPECT_EQ(mem.cpu_data(), external.data());
  static_cast<float*>(mem.mutable_cpu_data())[2] = 7.f;
  EXPECT_EQ(external[2], 7.f);
}

}  // namespace caffe
