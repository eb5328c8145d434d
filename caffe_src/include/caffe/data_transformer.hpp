// DataTransformer turns raw 8-bit images (C x H x W, channel-major) into the Dtype
// values a net consumes: optional crop, optional horizontal mirror, mean subtraction
// (a mean image from a BlobProto file, or one mean per channel) and a scale factor.
//   out = (pixel - mean) * scale
// Random choices (mirror, the crop window in TRAIN) come from a generator seeded from
// Caffe's global stream, so runs with the same random_seed are repeatable.
#ifndef CAFFE_DATA_TRANSFORMER_HPP_
#define CAFFE_DATA_TRANSFORMER_HPP_

#include <vector>

#include "caffe/blob.hpp"
#include "caffe/common.hpp"
#include "caffe/proto/caffe.pb.h"

namespace caffe {

template <typename Dtype>
class DataTransformer {
 public:
  explicit DataTransformer(const TransformationParameter& param, Phase phase);
  virtual ~DataTransformer() {}

  // Seeds the private generator; only needed when the transform draws random numbers.
  void InitRand();

  // Transforms one image of channels x height x width bytes into transformed_blob,
  // whose last three axes must be channels x (cropped) height x (cropped) width.
  // A 4-D transformed_blob with num 1 is allowed as well.
  void Transform(const unsigned char* data, const int channels, const int height,
                 const int width, Blob<Dtype>* transformed_blob);

  // The same, writing into raw memory laid out as InferBlobShape says.
  void Transform(const unsigned char* data, const int channels, const int height,
                 const int width, Dtype* transformed_data);

  // Transforms a whole batch of Dtype images (num x C x H x W) into transformed_blob,
  // num x C x crop x crop (or H x W without crop).
  void Transform(Blob<Dtype>* input_blob, Blob<Dtype>* transformed_blob);

  // Shape (1 x C x H' x W') of one transformed image.
  vector<int> InferBlobShape(const int channels, const int height, const int width);

  const TransformationParameter& transform_param() const { return param_; }

 protected:
  // A random integer in [0, n).
  virtual int Rand(int n);

  // Checks the image size against the mean and crop settings.
  void CheckInput(const int channels, const int height, const int width);

  TransformationParameter param_;
  shared_ptr<Caffe::rng_t> rng_;
  Phase phase_;
  Blob<Dtype> data_mean_;
  vector<Dtype> mean_values_;
};

}  // namespace caffe

#endif  // CAFFE_DATA_TRANSFORMER_HPP_
