// Lazily allocated, zero-initialized, 64-byte aligned host memory.
#include "caffe/syncedmem.hpp"

#include <cstdlib>
#include <cstring>

namespace caffe {

namespace {
const size_t kAlignment = 64;
}  // namespace

void CaffeMallocHost(void** ptr, size_t size) {
  // Round up to a whole number of cache lines (and never ask for zero bytes).
  size_t bytes = size == 0 ? kAlignment : ((size + kAlignment - 1) / kAlignment) * kAlignment;
  void* p = nullptr;
  const int status = posix_memalign(&p, kAlignment, bytes);
  CHECK_EQ(status, 0) << "host allocation of " << size << " bytes failed";
  CHECK(p != nullptr) << "host allocation of " << size << " bytes failed";
  *ptr = p;
}

void CaffeFreeHost(void* ptr) { std::free(ptr); }

SyncedMemory::SyncedMemory()
    : cpu_ptr_(nullptr), size_(0), head_(UNINITIALIZED), own_cpu_data_(false) {}

SyncedMemory::SyncedMemory(size_t size)
    : cpu_ptr_(nullptr), size_(size), head_(UNINITIALIZED), own_cpu_data_(false) {}

SyncedMemory::~SyncedMemory() {
  if (cpu_ptr_ != nullptr && own_cpu_data_) CaffeFreeHost(cpu_ptr_);
}

void SyncedMemory::to_cpu() {
  switch (head_) {
    case UNINITIALIZED:
      CaffeMallocHost(&cpu_ptr_, size_);
      std::memset(cpu_ptr_, 0, size_);
      head_ = HEAD_AT_CPU;
      own_cpu_data_ = true;
      break;
    case HEAD_AT_GPU:
      NO_GPU;
      break;
    case HEAD_AT_CPU:
    case SYNCED:
      break;
  }
}

const void* SyncedMemory::cpu_data() {
  to_cpu();
  return cpu_ptr_;
}

void* SyncedMemory::mutable_cpu_data() {
  to_cpu();
  head_ = HEAD_AT_CPU;
  return cpu_ptr_;
}

void SyncedMemory::set_cpu_data(void* data) {
  CHECK(data != nullptr);
  if (cpu_ptr_ != nullptr && own_cpu_data_) CaffeFreeHost(cpu_ptr_);
  cpu_ptr_ = data;
  head_ = HEAD_AT_CPU;
  own_cpu_data_ = false;
}

}  // namespace caffe
