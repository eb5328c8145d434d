// DataLayer: MNIST (IDX) and CIFAR-10 (binary) datasets held in memory, served in
// order, batch by batch.
#include "caffe/layers/data_layer.hpp"

#include <zlib.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

namespace caffe {

namespace {

const uint32_t kMNISTImageMagic = 2051;
const uint32_t kMNISTLabelMagic = 2049;
const int kCIFARImageSize = 32;
const int kCIFARChannels = 3;
const int kCIFARRecordBytes = 1 + kCIFARChannels * kCIFARImageSize * kCIFARImageSize;

bool PathIsFile(const string& path) {
  std::error_code ec;
  return std::filesystem::is_regular_file(path, ec);
}

bool PathIsDirectory(const string& path) {
  std::error_code ec;
  return std::filesystem::is_directory(path, ec);
}

string JoinPath(const string& dir, const string& name) {
  if (dir.empty() || dir[dir.size() - 1] == '/') return dir + name;
  return dir + "/" + name;
}

// A file read through zlib, which reads gzipped and plain files alike.
class GzFile {
 public:
  explicit GzFile(const string& path) : path_(path), file_(gzopen(path.c_str(), "rb")) {
    if (!file_) LOG(FATAL) << "Cannot open " << path;
    gzbuffer(file_, 1 << 17);
  }
  ~GzFile() {
    if (file_) gzclose(file_);
  }
  // Reads up to n bytes; returns how many were read.
  size_t Read(void* buffer, size_t n) {
    char* out = static_cast<char*>(buffer);
    size_t done = 0;
    while (done < n) {
      const size_t chunk = std::min<size_t>(n - done, 1u << 30);
      const int got = gzread(file_, out + done, static_cast<unsigned int>(chunk));
      if (got < 0) {
        int errnum = 0;
        const char* message = gzerror(file_, &errnum);
        LOG(FATAL) << "Error reading " << path_ << ": " << message;
      }
      if (got == 0) break;
      done += static_cast<size_t>(got);
    }
    return done;
  }
  // Reads the rest of the file.
  void ReadAll(vector<uint8_t>* data) {
    data->clear();
    const size_t kChunk = 1 << 20;
    size_t filled = 0;
    for (;;) {
      data->resize(filled + kChunk);
      const size_t got = Read(data->data() + filled, kChunk);
      filled += got;
      if (got < kChunk) break;
    }
    data->resize(filled);
  }

 private:
  string path_;
  gzFile file_;
  DISABLE_COPY_AND_ASSIGN(GzFile);
};

uint32_t ReadBigEndian32(const uint8_t* bytes) {
  return (static_cast<uint32_t>(bytes[0]) << 24) | (static_cast<uint32_t>(bytes[1]) << 16) |
         (static_cast<uint32_t>(bytes[2]) << 8) | static_cast<uint32_t>(bytes[3]);
}

// The plain file dir/name if it exists, else dir/name.gz, else "".
string FindPlainOrGz(const string& dir, const string& name) {
  const string plain = JoinPath(dir, name);
  if (PathIsFile(plain)) return plain;
  if (PathIsFile(plain + ".gz")) return plain + ".gz";
  return "";
}

}  // namespace

template <typename Dtype>
DataLayer<Dtype>::DataLayer(const LayerParameter& param)
    : BaseDataLayer<Dtype>(param),
      num_images_(0),
      channels_(0),
      height_(0),
      width_(0),
      batch_size_(0),
      offset_(0) {
  // Old nets put scale, mean_file and mirror in data_param; honour them when the
  // transform_param does not say otherwise.
  const DataParameter& data_param = param.data_param();
  if (data_param.has_scale() && !this->transform_param_.has_scale()) {
    this->transform_param_.set_scale(data_param.scale());
  }
  if (data_param.has_mean_file() && !this->transform_param_.has_mean_file()) {
    this->transform_param_.set_mean_file(data_param.mean_file());
  }
  if (data_param.has_mirror() && !this->transform_param_.has_mirror()) {
    this->transform_param_.set_mirror(data_param.mirror());
  }
}

template <typename Dtype>
void DataLayer<Dtype>::DataLayerSetUp(const vector<Blob<Dtype>*>& bottom,
                                      const vector<Blob<Dtype>*>& top) {
  const DataParameter& data_param = this->layer_param_.data_param();
  batch_size_ = static_cast<int>(data_param.batch_size());
  CHECK_GT(batch_size_, 0) << "data_param.batch_size must be positive (layer "
                           << this->layer_param_.name() << ")";
  const string& source = data_param.source();
  CHECK(!source.empty()) << "data_param.source is not set (layer "
                         << this->layer_param_.name() << ")";
  const string& split = data_param.split();
  switch (data_param.backend()) {
    case DataParameter_DB_MNIST:
      LoadMNIST(source, split);
      break;
    case DataParameter_DB_CIFAR10:
      LoadCIFAR10(source, split);
      break;
    default:
      LOG(FATAL) << "Data layer " << this->layer_param_.name() << ": backend "
                 << DataParameter_DB_Name(data_param.backend())
                 << " is not supported (use MNIST or CIFAR10)";
  }
  offset_ = 0;

  vector<int> top_shape = this->data_transformer_->InferBlobShape(channels_, height_, width_);
  top_shape[0] = batch_size_;
  top[0]->Reshape(top_shape);
  LOG(INFO) << "output data size: " << top[0]->num() << "," << top[0]->channels() << ","
            << top[0]->height() << "," << top[0]->width();
  if (this->output_labels_) {
    vector<int> label_shape(1, batch_size_);
    top[1]->Reshape(label_shape);
  }
}

template <typename Dtype>
void DataLayer<Dtype>::LoadMNIST(const string& source, const string& split) {
  string images_path;
  string labels_path;
  if (PathIsDirectory(source)) {
    string prefix;
    if (split == "train") {
      prefix = "train";
    } else if (split == "test") {
      prefix = "t10k";
    } else {
      LOG(FATAL) << "data_param.split must be \"train\" or \"test\", not \"" << split << "\"";
    }
    const string images_name = prefix + "-images-idx3-ubyte";
    const string labels_name = prefix + "-labels-idx1-ubyte";
    images_path = FindPlainOrGz(source, images_name);
    if (images_path.empty()) {
      LOG(FATAL) << "No MNIST images file " << images_name << "[.gz] in " << source;
    }
    labels_path = FindPlainOrGz(source, labels_name);
    if (labels_path.empty()) {
      LOG(FATAL) << "No MNIST labels file " << labels_name << "[.gz] in " << source;
    }
  } else {
    if (!PathIsFile(source)) LOG(FATAL) << "MNIST source does not exist: " << source;
    images_path = source;
    const string kImagesTag = "images-idx3";
    const size_t tag = images_path.rfind(kImagesTag);
    if (tag == string::npos) {
      LOG(FATAL) << "Cannot derive the MNIST labels file from " << images_path
                 << " (its name should contain \"" << kImagesTag << "\")";
    }
    labels_path = images_path;
    labels_path.replace(tag, kImagesTag.size(), "labels-idx1");
    if (!PathIsFile(labels_path)) {
      // Accept the labels compressed when the images are not, and the other way round.
      const string gz = ".gz";
      const bool is_gz = labels_path.size() > gz.size() &&
                         labels_path.compare(labels_path.size() - gz.size(), gz.size(), gz) == 0;
      const string other =
          is_gz ? labels_path.substr(0, labels_path.size() - gz.size()) : labels_path + gz;
      if (!PathIsFile(other)) LOG(FATAL) << "MNIST labels file not found: " << labels_path;
      labels_path = other;
    }
  }
  const int limit = static_cast<int>(this->layer_param_.data_param().limit());

  // Images: magic, count, rows, columns (big-endian 32-bit), then the pixels.
  int num_images = 0;
  {
    GzFile file(images_path);
    uint8_t header[16];
    if (file.Read(header, sizeof(header)) != sizeof(header)) {
      LOG(FATAL) << "MNIST images file is too short for an IDX header: " << images_path;
    }
    const uint32_t magic = ReadBigEndian32(header);
    if (magic != kMNISTImageMagic) {
      LOG(FATAL) << "Bad magic number " << magic << " (expected " << kMNISTImageMagic
                 << ") in MNIST images file " << images_path;
    }
    const uint32_t count = ReadBigEndian32(header + 4);
    const uint32_t rows = ReadBigEndian32(header + 8);
    const uint32_t cols = ReadBigEndian32(header + 12);
    if (count == 0 || rows == 0 || cols == 0 || rows > 65536 || cols > 65536 ||
        count > 0x7fffffffu) {
      LOG(FATAL) << "Bad dimensions " << count << " x " << rows << " x " << cols
                 << " in MNIST images file " << images_path;
    }
    num_images = static_cast<int>(count);
    if (limit > 0) num_images = std::min(num_images, limit);
    channels_ = 1;
    height_ = static_cast<int>(rows);
    width_ = static_cast<int>(cols);
    const size_t bytes = static_cast<size_t>(num_images) * height_ * width_;
    images_.resize(bytes);
    const size_t got = file.Read(images_.data(), bytes);
    if (got != bytes) {
      LOG(FATAL) << "MNIST images file is truncated: " << images_path << " holds "
                 << got / (static_cast<size_t>(height_) * width_) << " images, its header says "
                 << count;
    }
  }
  // Labels: magic, count, then one byte per label.
  {
    GzFile file(labels_path);
    uint8_t header[8];
    if (file.Read(header, sizeof(header)) != sizeof(header)) {
      LOG(FATAL) << "MNIST labels file is too short for an IDX header: " << labels_path;
    }
    const uint32_t magic = ReadBigEndian32(header);
    if (magic != kMNISTLabelMagic) {
      LOG(FATAL) << "Bad magic number " << magic << " (expected " << kMNISTLabelMagic
                 << ") in MNIST labels file " << labels_path;
    }
    const uint32_t count = ReadBigEndian32(header + 4);
    if (count < static_cast<uint32_t>(num_images)) {
      LOG(FATAL) << "MNIST labels file " << labels_path << " has " << count
                 << " labels, fewer than the " << num_images << " images of " << images_path;
    }
    vector<uint8_t> label_bytes(num_images);
    const size_t got = file.Read(label_bytes.data(), label_bytes.size());
    if (got != label_bytes.size()) {
      LOG(FATAL) << "MNIST labels file is truncated: " << labels_path << " holds " << got
                 << " labels, needed " << num_images;
    }
    labels_.assign(label_bytes.begin(), label_bytes.end());
  }
  num_images_ = num_images;
  LOG(INFO) << "Loaded " << num_images_ << " images from " << images_path << " ("
            << height_ << "x" << width_ << ", labels from " << labels_path << ")";
}

template <typename Dtype>
void DataLayer<Dtype>::LoadCIFAR10(const string& source, const string& split) {
  vector<string> files;
  if (PathIsDirectory(source)) {
    if (split == "train") {
      for (int i = 1; i <= 5; ++i) {
        const string path = JoinPath(source, "data_batch_" + std::to_string(i) + ".bin");
        if (PathIsFile(path)) files.push_back(path);
      }
      if (files.empty()) {
        LOG(FATAL) << "No CIFAR-10 training file (data_batch_1.bin .. data_batch_5.bin) in "
                   << source;
      }
    } else if (split == "test") {
      const string path = JoinPath(source, "test_batch.bin");
      if (!PathIsFile(path)) LOG(FATAL) << "No CIFAR-10 test file test_batch.bin in " << source;
      files.push_back(path);
    } else {
      LOG(FATAL) << "data_param.split must be \"train\" or \"test\", not \"" << split << "\"";
    }
  } else {
    if (!PathIsFile(source)) LOG(FATAL) << "CIFAR-10 source does not exist: " << source;
    files.push_back(source);
  }
  const int limit = static_cast<int>(this->layer_param_.data_param().limit());
  channels_ = kCIFARChannels;
  height_ = kCIFARImageSize;
  width_ = kCIFARImageSize;
  const int image_dim = kCIFARChannels * kCIFARImageSize * kCIFARImageSize;
  images_.clear();
  labels_.clear();
  vector<uint8_t> buffer;
  for (size_t f = 0; f < files.size(); ++f) {
    if (limit > 0 && static_cast<int>(labels_.size()) >= limit) break;
    GzFile file(files[f]);
    file.ReadAll(&buffer);
    if (buffer.empty() || buffer.size() % kCIFARRecordBytes != 0) {
      LOG(FATAL) << "CIFAR-10 file " << files[f] << " has " << buffer.size()
                 << " bytes, not a positive multiple of the " << kCIFARRecordBytes
                 << "-byte record size";
    }
    int records = static_cast<int>(buffer.size() / kCIFARRecordBytes);
    if (limit > 0) records = std::min(records, limit - static_cast<int>(labels_.size()));
    const size_t old_size = images_.size();
    images_.resize(old_size + static_cast<size_t>(records) * image_dim);
    uint8_t* dst = images_.data() + old_size;
    for (int r = 0; r < records; ++r) {
      const uint8_t* record = buffer.data() + static_cast<size_t>(r) * kCIFARRecordBytes;
      labels_.push_back(static_cast<int>(record[0]));
      std::copy(record + 1, record + kCIFARRecordBytes, dst + static_cast<size_t>(r) * image_dim);
    }
  }
  num_images_ = static_cast<int>(labels_.size());
  string from = files[0];
  if (files.size() > 1) from = source + " (" + std::to_string(files.size()) + " files)";
  LOG(INFO) << "Loaded " << num_images_ << " images from " << from;
}

template <typename Dtype>
void DataLayer<Dtype>::load_batch(Blob<Dtype>* data_blob, Blob<Dtype>* label_blob) {
  vector<int> top_shape = this->data_transformer_->InferBlobShape(channels_, height_, width_);
  top_shape[0] = batch_size_;
  data_blob->Reshape(top_shape);
  Dtype* top_data = data_blob->mutable_cpu_data();
  Dtype* top_label = nullptr;
  if (label_blob) {
    label_blob->Reshape(vector<int>(1, batch_size_));
    top_label = label_blob->mutable_cpu_data();
  }
  const size_t image_dim = static_cast<size_t>(channels_) * height_ * width_;
  const int top_dim = data_blob->count(1);
  for (int item_id = 0; item_id < batch_size_; ++item_id) {
    const int index = (offset_ + item_id) % num_images_;
    this->data_transformer_->Transform(images_.data() + index * image_dim, channels_, height_,
                                       width_, top_data + item_id * top_dim);
    if (top_label) top_label[item_id] = static_cast<Dtype>(labels_[index]);
  }
  offset_ = (offset_ + batch_size_) % num_images_;
}

template <typename Dtype>
void DataLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                   const vector<Blob<Dtype>*>& top) {
  load_batch(top[0], this->output_labels_ ? top[1] : nullptr);
}

INSTANTIATE_CLASS(DataLayer);
REGISTER_LAYER_CLASS(Data);

}  // namespace caffe
