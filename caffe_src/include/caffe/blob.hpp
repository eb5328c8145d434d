// Blob: an N-dimensional array of Dtype with a data and a diff (gradient) buffer.
// The first axis is the batch (num); 4-D blobs are num x channels x height x width.
#ifndef CAFFE_BLOB_HPP_
#define CAFFE_BLOB_HPP_

#include <algorithm>
#include <string>
#include <vector>

#include "caffe/common.hpp"
#include "caffe/proto/caffe.pb.h"
#include "caffe/syncedmem.hpp"

const int kMaxBlobAxes = 32;

namespace caffe {

template <typename Dtype>
class Blob {
 public:
  Blob() : data_(), diff_(), count_(0), capacity_(0) {}
  explicit Blob(const int num, const int channels, const int height, const int width);
  explicit Blob(const vector<int>& shape);

  // Change the dimensions. Memory is reallocated only when the new count
  // exceeds the current capacity.
  void Reshape(const int num, const int channels, const int height, const int width);
  void Reshape(const vector<int>& shape);
  void Reshape(const BlobShape& shape);
  void ReshapeLike(const Blob& other);

  string shape_string() const;
  inline const vector<int>& shape() const { return shape_; }
  inline int shape(int index) const { return shape_[CanonicalAxisIndex(index)]; }
  inline int num_axes() const { return static_cast<int>(shape_.size()); }
  inline int count() const { return count_; }

  // Product of the dimensions in [start_axis, end_axis).
  inline int count(int start_axis, int end_axis) const {
    CHECK_LE(start_axis, end_axis);
    CHECK_GE(start_axis, 0);
    CHECK_GE(end_axis, 0);
    CHECK_LE(start_axis, num_axes());
    CHECK_LE(end_axis, num_axes());
    int result = 1;
    for (int i = start_axis; i < end_axis; ++i) result *= shape(i);
    return result;
  }
  inline int count(int start_axis) const { return count(start_axis, num_axes()); }

  // Turn a possibly negative axis index into one in [0, num_axes()).
  inline int CanonicalAxisIndex(int axis_index) const {
    CHECK_GE(axis_index, -num_axes()) << "axis " << axis_index << " out of range for "
                                      << num_axes() << "-D blob " << shape_string();
    CHECK_LT(axis_index, num_axes()) << "axis " << axis_index << " out of range for "
                                     << num_axes() << "-D blob " << shape_string();
    return axis_index < 0 ? axis_index + num_axes() : axis_index;
  }

  // Legacy 4-D accessors.
  inline int num() const { return LegacyShape(0); }
  inline int channels() const { return LegacyShape(1); }
  inline int height() const { return LegacyShape(2); }
  inline int width() const { return LegacyShape(3); }
  inline int LegacyShape(int index) const {
    CHECK_LE(num_axes(), 4) << "Cannot use legacy accessors on blobs with more than 4 axes.";
    CHECK_LT(index, 4);
    CHECK_GE(index, -4);
    if (index >= num_axes() || index < -num_axes()) return 1;
    return shape(index);
  }

  // Linear offset of element (n, c, h, w).
  inline int offset(const int n, const int c = 0, const int h = 0, const int w = 0) const {
    CHECK_GE(n, 0);
    CHECK_LE(n, num());
    CHECK_GE(channels(), 0);
    CHECK_LE(c, channels());
    CHECK_GE(height(), 0);
    CHECK_LE(h, height());
    CHECK_GE(width(), 0);
    CHECK_LE(w, width());
    return ((n * channels() + c) * height() + h) * width() + w;
  }
  inline int offset(const vector<int>& indices) const {
    CHECK_LE(indices.size(), num_axes());
    int result = 0;
    for (int i = 0; i < num_axes(); ++i) {
      result *= shape(i);
      if (indices.size() > static_cast<size_t>(i)) result += indices[i];
    }
    return result;
  }

  void CopyFrom(const Blob<Dtype>& source, bool copy_diff = false, bool reshape = false);

  inline Dtype data_at(const int n, const int c, const int h, const int w) const {
    return cpu_data()[offset(n, c, h, w)];
  }
  inline Dtype diff_at(const int n, const int c, const int h, const int w) const {
    return cpu_diff()[offset(n, c, h, w)];
  }

  inline const shared_ptr<SyncedMemory>& data() const { return data_; }
  inline const shared_ptr<SyncedMemory>& diff() const { return diff_; }

  const Dtype* cpu_data() const;
  void set_cpu_data(Dtype* data);
  const Dtype* cpu_diff() const;
  Dtype* mutable_cpu_data();
  Dtype* mutable_cpu_diff();

  // data -= diff (the plain gradient step, after the solver scaled diff).
  void Update();
  void FromProto(const BlobProto& proto, bool reshape = true);
  void ToProto(BlobProto* proto, bool write_diff = false) const;

  Dtype asum_data() const;
  Dtype asum_diff() const;
  Dtype sumsq_data() const;
  Dtype sumsq_diff() const;
  void scale_data(Dtype scale_factor);
  void scale_diff(Dtype scale_factor);

  // Share the other blob's memory (no copy).
  void ShareData(const Blob& other);
  void ShareDiff(const Blob& other);

  bool ShapeEquals(const BlobProto& other);

 protected:
  shared_ptr<SyncedMemory> data_;
  shared_ptr<SyncedMemory> diff_;
  vector<int> shape_;
  int count_;
  int capacity_;

  DISABLE_COPY_AND_ASSIGN(Blob);
};

}  // namespace caffe

#endif  // CAFFE_BLOB_HPP_
