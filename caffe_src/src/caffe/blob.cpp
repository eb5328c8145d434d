// Blob: shape bookkeeping, memory access, (de)serialization and reductions.
#include "caffe/blob.hpp"

#include <climits>
#include <vector>

#include "caffe/common.hpp"
#include "caffe/syncedmem.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
Blob<Dtype>::Blob(const int num, const int channels, const int height, const int width)
    : capacity_(0) {
  Reshape(num, channels, height, width);
}

template <typename Dtype>
Blob<Dtype>::Blob(const vector<int>& shape) : capacity_(0) {
  Reshape(shape);
}

template <typename Dtype>
void Blob<Dtype>::Reshape(const int num, const int channels, const int height,
                          const int width) {
  vector<int> shape(4);
  shape[0] = num;
  shape[1] = channels;
  shape[2] = height;
  shape[3] = width;
  Reshape(shape);
}

template <typename Dtype>
void Blob<Dtype>::Reshape(const vector<int>& shape) {
  CHECK_LE(shape.size(), static_cast<size_t>(kMaxBlobAxes));
  int count = 1;
  for (size_t i = 0; i < shape.size(); ++i) {
    CHECK_GE(shape[i], 0);
    if (count != 0) {
      CHECK_LE(shape[i], INT_MAX / count) << "blob size exceeds INT_MAX";
    }
    count *= shape[i];
  }
  shape_ = shape;
  count_ = count;
  // Grow only: shrinking keeps the larger buffers around for later reuse.
  if (count_ > capacity_ || !data_) {
    capacity_ = count_;
    data_.reset(new SyncedMemory(static_cast<size_t>(capacity_) * sizeof(Dtype)));
    diff_.reset(new SyncedMemory(static_cast<size_t>(capacity_) * sizeof(Dtype)));
  }
}

template <typename Dtype>
void Blob<Dtype>::Reshape(const BlobShape& shape) {
  CHECK_LE(shape.dim_size(), kMaxBlobAxes);
  vector<int> dims(shape.dim_size());
  for (int i = 0; i < shape.dim_size(); ++i) dims[i] = static_cast<int>(shape.dim(i));
  Reshape(dims);
}

template <typename Dtype>
void Blob<Dtype>::ReshapeLike(const Blob<Dtype>& other) {
  Reshape(other.shape());
}

template <typename Dtype>
string Blob<Dtype>::shape_string() const {
  ostringstream out;
  for (size_t i = 0; i < shape_.size(); ++i) out << shape_[i] << " ";
  out << "(" << count_ << ")";
  return out.str();
}

template <typename Dtype>
const Dtype* Blob<Dtype>::cpu_data() const {
  CHECK(data_);
  return static_cast<const Dtype*>(data_->cpu_data());
}

template <typename Dtype>
void Blob<Dtype>::set_cpu_data(Dtype* data) {
  CHECK(data);
  // The external buffer must match this blob's size; replace shared memory so
  // that other blobs sharing ours are not affected.
  const size_t size = static_cast<size_t>(count_) * sizeof(Dtype);
  if (!data_ || data_->size() != size) {
    data_.reset(new SyncedMemory(size));
    diff_.reset(new SyncedMemory(size));
    capacity_ = count_;
  }
  data_->set_cpu_data(data);
}

template <typename Dtype>
const Dtype* Blob<Dtype>::cpu_diff() const {
  CHECK(diff_);
  return static_cast<const Dtype*>(diff_->cpu_data());
}

template <typename Dtype>
Dtype* Blob<Dtype>::mutable_cpu_data() {
  CHECK(data_);
  return static_cast<Dtype*>(data_->mutable_cpu_data());
}

template <typename Dtype>
Dtype* Blob<Dtype>::mutable_cpu_diff() {
  CHECK(diff_);
  return static_cast<Dtype*>(diff_->mutable_cpu_data());
}

template <typename Dtype>
void Blob<Dtype>::ShareData(const Blob& other) {
  CHECK_EQ(count_, other.count());
  data_ = other.data();
}

template <typename Dtype>
void Blob<Dtype>::ShareDiff(const Blob& other) {
  CHECK_EQ(count_, other.count());
  diff_ = other.diff();
}

// Reductions and updates only make sense for floating point blobs; the integer
// blobs (masks, indices) get the fatal versions below.
template <typename Dtype>
void Blob<Dtype>::Update() {
  if (!data_ || count_ == 0) return;
  caffe_axpy<Dtype>(count_, Dtype(-1), cpu_diff(), mutable_cpu_data());
}

template <typename Dtype>
Dtype Blob<Dtype>::asum_data() const {
  if (!data_ || count_ == 0) return Dtype(0);
  return caffe_cpu_asum<Dtype>(count_, cpu_data());
}

template <typename Dtype>
Dtype Blob<Dtype>::asum_diff() const {
  if (!diff_ || count_ == 0) return Dtype(0);
  return caffe_cpu_asum<Dtype>(count_, cpu_diff());
}

template <typename Dtype>
Dtype Blob<Dtype>::sumsq_data() const {
  if (!data_ || count_ == 0) return Dtype(0);
  const Dtype* data = cpu_data();
  return caffe_cpu_dot<Dtype>(count_, data, data);
}

template <typename Dtype>
Dtype Blob<Dtype>::sumsq_diff() const {
  if (!diff_ || count_ == 0) return Dtype(0);
  const Dtype* diff = cpu_diff();
  return caffe_cpu_dot<Dtype>(count_, diff, diff);
}

template <typename Dtype>
void Blob<Dtype>::scale_data(Dtype scale_factor) {
  if (!data_ || count_ == 0) return;
  caffe_scal<Dtype>(count_, scale_factor, mutable_cpu_data());
}

template <typename Dtype>
void Blob<Dtype>::scale_diff(Dtype scale_factor) {
  if (!diff_ || count_ == 0) return;
  caffe_scal<Dtype>(count_, scale_factor, mutable_cpu_diff());
}

#define CAFFE_BLOB_NO_ARITHMETIC(Type)                                              \
  template <>                                                                       \
  void Blob<Type>::Update() {                                                       \
    NOT_IMPLEMENTED;                                                                \
  }                                                                                 \
  template <>                                                                       \
  Type Blob<Type>::asum_data() const {                                              \
    NOT_IMPLEMENTED;                                                                \
    return 0;                                                                       \
  }                                                                                 \
  template <>                                                                       \
  Type Blob<Type>::asum_diff() const {                                              \
    NOT_IMPLEMENTED;                                                                \
    return 0;                                                                       \
  }                                                                                 \
  template <>                                                                       \
  Type Blob<Type>::sumsq_data() const {                                             \
    NOT_IMPLEMENTED;                                                                \
    return 0;                                                                       \
  }                                                                                 \
  template <>                                                                       \
  Type Blob<Type>::sumsq_diff() const {                                             \
    NOT_IMPLEMENTED;                                                                \
    return 0;                                                                       \
  }                                                                                 \
  template <>                                                                       \
  void Blob<Type>::scale_data(Type) {                                               \
    NOT_IMPLEMENTED;                                                                \
  }                                                                                 \
  template <>                                                                       \
  void Blob<Type>::scale_diff(Type) {                                               \
    NOT_IMPLEMENTED;                                                                \
  }

CAFFE_BLOB_NO_ARITHMETIC(int)
CAFFE_BLOB_NO_ARITHMETIC(unsigned int)
#undef CAFFE_BLOB_NO_ARITHMETIC

template <typename Dtype>
bool Blob<Dtype>::ShapeEquals(const BlobProto& other) {
  if (other.has_num() || other.has_channels() || other.has_height() || other.has_width()) {
    // A legacy 4-D proto matches a blob of at most 4 axes whose missing leading
    // axes are 1.
    return shape_.size() <= 4 && LegacyShape(-4) == other.num() &&
           LegacyShape(-3) == other.channels() && LegacyShape(-2) == other.height() &&
           LegacyShape(-1) == other.width();
  }
  if (other.shape().dim_size() != static_cast<int>(shape_.size())) return false;
  for (int i = 0; i < other.shape().dim_size(); ++i) {
    if (other.shape().dim(i) != shape_[i]) return false;
  }
  return true;
}

template <typename Dtype>
void Blob<Dtype>::CopyFrom(const Blob& source, bool copy_diff, bool reshape) {
  if (source.count() != count_ || source.shape() != shape_) {
    if (reshape) {
      ReshapeLike(source);
    } else {
      LOG(FATAL) << "Trying to copy blobs of different sizes: " << source.shape_string()
                 << " vs. " << shape_string();
    }
  }
  if (copy_diff) {
    caffe_copy(count_, source.cpu_diff(), mutable_cpu_diff());
  } else {
    caffe_copy(count_, source.cpu_data(), mutable_cpu_data());
  }
}

template <typename Dtype>
void Blob<Dtype>::FromProto(const BlobProto& proto, bool reshape) {
  if (reshape) {
    vector<int> shape;
    if (proto.has_num() || proto.has_channels() || proto.has_height() || proto.has_width()) {
      shape.resize(4);
      shape[0] = proto.num();
      shape[1] = proto.channels();
      shape[2] = proto.height();
      shape[3] = proto.width();
    } else {
      shape.resize(proto.shape().dim_size());
      for (int i = 0; i < proto.shape().dim_size(); ++i) {
        shape[i] = static_cast<int>(proto.shape().dim(i));
      }
    }
    Reshape(shape);
  } else {
    CHECK(ShapeEquals(proto)) << "shape mismatch (reshape not set)";
  }
  // Values may have been written in either precision.
  if (proto.double_data_size() > 0) {
    CHECK_EQ(count_, proto.double_data_size());
    Dtype* data = mutable_cpu_data();
    for (int i = 0; i < count_; ++i) data[i] = static_cast<Dtype>(proto.double_data(i));
  } else {
    CHECK_EQ(count_, proto.data_size());
    Dtype* data = mutable_cpu_data();
    for (int i = 0; i < count_; ++i) data[i] = static_cast<Dtype>(proto.data(i));
  }
  if (proto.double_diff_size() > 0) {
    CHECK_EQ(count_, proto.double_diff_size());
    Dtype* diff = mutable_cpu_diff();
    for (int i = 0; i < count_; ++i) diff[i] = static_cast<Dtype>(proto.double_diff(i));
  } else if (proto.diff_size() > 0) {
    CHECK_EQ(count_, proto.diff_size());
    Dtype* diff = mutable_cpu_diff();
    for (int i = 0; i < count_; ++i) diff[i] = static_cast<Dtype>(proto.diff(i));
  }
}

namespace {

// Double blobs serialize into double_data/double_diff, everything else into the
// float fields.
inline void AppendValues(const double* values, int n, BlobProto* proto, bool diff) {
  auto* field = diff ? proto->mutable_double_diff() : proto->mutable_double_data();
  field->Reserve(n);
  for (int i = 0; i < n; ++i) field->AddAlreadyReserved(values[i]);
}

template <typename T>
inline void AppendValues(const T* values, int n, BlobProto* proto, bool diff) {
  auto* field = diff ? proto->mutable_diff() : proto->mutable_data();
  field->Reserve(n);
  for (int i = 0; i < n; ++i) field->AddAlreadyReserved(static_cast<float>(values[i]));
}

}  // namespace

template <typename Dtype>
void Blob<Dtype>::ToProto(BlobProto* proto, bool write_diff) const {
  proto->clear_shape();
  for (size_t i = 0; i < shape_.size(); ++i) proto->mutable_shape()->add_dim(shape_[i]);
  proto->clear_data();
  proto->clear_diff();
  proto->clear_double_data();
  proto->clear_double_diff();
  if (count_ == 0) return;
  AppendValues(cpu_data(), count_, proto, false);
  if (write_diff) AppendValues(cpu_diff(), count_, proto, true);
}

INSTANTIATE_CLASS(Blob);
template class Blob<int>;
template class Blob<unsigned int>;

}  // namespace caffe
