// Host memory owned by a Blob, allocated lazily on first access. The head_ field
// records where the newest copy lives, as in a CPU/GPU build; this build is CPU only,
// so the states are UNINITIALIZED and HEAD_AT_CPU.
#ifndef CAFFE_SYNCEDMEM_HPP_
#define CAFFE_SYNCEDMEM_HPP_

#include <cstddef>

#include "caffe/common.hpp"

namespace caffe {

void CaffeMallocHost(void** ptr, size_t size);
void CaffeFreeHost(void* ptr);

class SyncedMemory {
 public:
  enum SyncedHead { UNINITIALIZED, HEAD_AT_CPU, HEAD_AT_GPU, SYNCED };

  SyncedMemory();
  explicit SyncedMemory(size_t size);
  ~SyncedMemory();

  const void* cpu_data();
  void* mutable_cpu_data();
  // Use memory the caller owns instead of allocating (freed by the caller).
  void set_cpu_data(void* data);
  SyncedHead head() const { return head_; }
  size_t size() const { return size_; }

 private:
  void to_cpu();

  void* cpu_ptr_;
  size_t size_;
  SyncedHead head_;
  bool own_cpu_data_;

  DISABLE_COPY_AND_ASSIGN(SyncedMemory);
};

}  // namespace caffe

#endif  // CAFFE_SYNCEDMEM_HPP_
