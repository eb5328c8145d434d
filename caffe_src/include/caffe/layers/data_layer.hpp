// DataLayer ("Data"): reads a whole image dataset into memory at set-up, then hands
// out batch_size records per Forward in file order, wrapping around at the end.
//   backend MNIST:   IDX files (train-images-idx3-ubyte / train-labels-idx1-ubyte,
//                    t10k-* for the test split), plain or gzipped; 1 x 28 x 28.
//   backend CIFAR10: binary records of 1 label byte + 3 x 32 x 32 bytes
//                    (data_batch_1..5.bin for train, test_batch.bin for test).
// `source` is the directory holding those files or one data file itself.
#ifndef CAFFE_DATA_LAYER_HPP_
#define CAFFE_DATA_LAYER_HPP_

#include <cstdint>
#include <string>
#include <vector>

#include "caffe/blob.hpp"
#include "caffe/layers/base_data_layer.hpp"
#include "caffe/proto/caffe.pb.h"

namespace caffe {

template <typename Dtype>
class DataLayer : public BaseDataLayer<Dtype> {
 public:
  explicit DataLayer(const LayerParameter& param);
  virtual ~DataLayer() {}
  virtual void DataLayerSetUp(const vector<Blob<Dtype>*>& bottom,
                              const vector<Blob<Dtype>*>& top);

  virtual inline const char* type() const { return "Data"; }
  virtual inline int ExactNumBottomBlobs() const { return 0; }
  virtual inline int MinTopBlobs() const { return 1; }
  virtual inline int MaxTopBlobs() const { return 2; }

  // Number of records held in memory, and the index of the next one to be read.
  inline int num_images() const { return num_images_; }
  inline int offset() const { return offset_; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                           const vector<Blob<Dtype>*>& top);

  // Copies the next batch_size records into the tops, transformed, and advances.
  virtual void load_batch(Blob<Dtype>* data_blob, Blob<Dtype>* label_blob);

  void LoadMNIST(const string& source, const string& split);
  void LoadCIFAR10(const string& source, const string& split);

  // The dataset, as read from disk: num_images_ x channels_ x height_ x width_ bytes,
  // and one label per image.
  vector<uint8_t> images_;
  vector<int> labels_;
  int num_images_;
  int channels_;
  int height_;
  int width_;
  int batch_size_;
  int offset_;
};

}  // namespace caffe

#endif  // CAFFE_DATA_LAYER_HPP_
