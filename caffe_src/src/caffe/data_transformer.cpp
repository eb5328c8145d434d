// DataTransformer: crop, mirror, mean subtraction and scaling of input images.
#include "caffe/data_transformer.hpp"

#include <string>
#include <vector>

#include "caffe/util/io.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

namespace {

// Writes one transformed image. src is a channels x height x width image; the
// window [h_off, h_off + out_h) x [w_off, w_off + out_w) of it lands in dst
// (channels x out_h x out_w), mirrored left-right when do_mirror holds.
// mean is either a full channels x height x width image (mean_image) or one value
// per channel (mean_per_channel, replicated when it has a single entry), or neither.
template <typename Dtype, typename Src>
void TransformImage(const Src* __restrict__ src, const int channels, const int height,
                    const int width, const int h_off, const int w_off, const int out_h,
                    const int out_w, const bool do_mirror, const Dtype scale,
                    const Dtype* __restrict__ mean_image, const vector<Dtype>& mean_per_channel,
                    Dtype* __restrict__ dst) {
  const bool whole_image = (out_h == height && out_w == width && !do_mirror);
  const int num_means = static_cast<int>(mean_per_channel.size());
  if (whole_image) {
    // The common case: one straight elementwise pass over the image.
    const int spatial = height * width;
    if (mean_image) {
      const int dim = channels * spatial;
      for (int i = 0; i < dim; ++i) {
        dst[i] = (static_cast<Dtype>(src[i]) - mean_image[i]) * scale;
      }
    } else if (num_means > 0) {
      for (int c = 0; c < channels; ++c) {
        const Dtype m = mean_per_channel[num_means == 1 ? 0 : c];
        const Src* __restrict__ src_c = src + c * spatial;
        Dtype* __restrict__ dst_c = dst + c * spatial;
        for (int i = 0; i < spatial; ++i) {
          dst_c[i] = (static_cast<Dtype>(src_c[i]) - m) * scale;
        }
      }
    } else {
      const int dim = channels * spatial;
      for (int i = 0; i < dim; ++i) {
        dst[i] = static_cast<Dtype>(src[i]) * scale;
      }
    }
    return;
  }
  for (int c = 0; c < channels; ++c) {
    const Dtype m = (num_means > 0) ? mean_per_channel[num_means == 1 ? 0 : c] : Dtype(0);
    for (int h = 0; h < out_h; ++h) {
      const int src_index = (c * height + h_off + h) * width + w_off;
      const Src* __restrict__ src_row = src + src_index;
      const Dtype* __restrict__ mean_row = mean_image ? mean_image + src_index : nullptr;
      Dtype* __restrict__ dst_row = dst + (c * out_h + h) * out_w;
      for (int w = 0; w < out_w; ++w) {
        const int dst_w = do_mirror ? (out_w - 1 - w) : w;
        const Dtype mean_value = mean_row ? mean_row[w] : m;
        dst_row[dst_w] = (static_cast<Dtype>(src_row[w]) - mean_value) * scale;
      }
    }
  }
}

}  // namespace

template <typename Dtype>
DataTransformer<Dtype>::DataTransformer(const TransformationParameter& param, Phase phase)
    : param_(param), phase_(phase) {
  if (param_.has_mean_file()) {
    CHECK_EQ(param_.mean_value_size(), 0)
        << "Specify either a mean_file or mean_value(s), not both";
    const string& mean_file = param_.mean_file();
    LOG(INFO) << "Loading mean file from: " << mean_file;
    BlobProto blob_proto;
    ReadProtoFromBinaryFileOrDie(mean_file, &blob_proto);
    data_mean_.FromProto(blob_proto);
  }
  for (int c = 0; c < param_.mean_value_size(); ++c) {
    mean_values_.push_back(static_cast<Dtype>(param_.mean_value(c)));
  }
}

template <typename Dtype>
void DataTransformer<Dtype>::InitRand() {
  const bool needs_rand = param_.mirror() || (phase_ == TRAIN && param_.crop_size());
  if (needs_rand) {
    rng_.reset(new Caffe::rng_t(caffe_rng_rand()));
  } else {
    rng_.reset();
  }
}

template <typename Dtype>
int DataTransformer<Dtype>::Rand(int n) {
  CHECK(rng_) << "DataTransformer::InitRand() was not called";
  CHECK_GT(n, 0);
  return static_cast<int>((*rng_)() % static_cast<unsigned int>(n));
}

template <typename Dtype>
void DataTransformer<Dtype>::CheckInput(const int channels, const int height,
                                        const int width) {
  CHECK_GT(channels, 0);
  const int crop_size = param_.crop_size();
  if (crop_size) {
    CHECK_LE(crop_size, height) << "crop_size is larger than the image height";
    CHECK_LE(crop_size, width) << "crop_size is larger than the image width";
  }
  if (param_.has_mean_file()) {
    CHECK_EQ(data_mean_.count(), channels * height * width)
        << "The mean_file's shape " << data_mean_.shape_string()
        << " does not match the images (" << channels << " x " << height << " x " << width
        << ")";
  }
  if (mean_values_.size() > 1) {
    CHECK_EQ(static_cast<int>(mean_values_.size()), channels)
        << "Give one mean_value, or one per channel";
  }
}

template <typename Dtype>
vector<int> DataTransformer<Dtype>::InferBlobShape(const int channels, const int height,
                                                   const int width) {
  CheckInput(channels, height, width);
  const int crop_size = param_.crop_size();
  vector<int> shape(4);
  shape[0] = 1;
  shape[1] = channels;
  shape[2] = crop_size ? crop_size : height;
  shape[3] = crop_size ? crop_size : width;
  return shape;
}

template <typename Dtype>
void DataTransformer<Dtype>::Transform(const unsigned char* data, const int channels,
                                       const int height, const int width,
                                       Dtype* transformed_data) {
  const int crop_size = param_.crop_size();
  const Dtype scale = param_.scale();
  const bool do_mirror = param_.mirror() && Rand(2);
  int h_off = 0;
  int w_off = 0;
  int out_h = height;
  int out_w = width;
  if (crop_size) {
    out_h = crop_size;
    out_w = crop_size;
    if (phase_ == TRAIN) {
      h_off = Rand(height - crop_size + 1);
      w_off = Rand(width - crop_size + 1);
    } else {
      h_off = (height - crop_size) / 2;
      w_off = (width - crop_size) / 2;
    }
  }
  const Dtype* mean = param_.has_mean_file() ? data_mean_.cpu_data() : nullptr;
  TransformImage<Dtype, unsigned char>(data, channels, height, width, h_off, w_off, out_h,
                                       out_w, do_mirror, scale, mean, mean_values_,
                                       transformed_data);
}

template <typename Dtype>
void DataTransformer<Dtype>::Transform(const unsigned char* data, const int channels,
                                       const int height, const int width,
                                       Blob<Dtype>* transformed_blob) {
  CheckInput(channels, height, width);
  const int crop_size = param_.crop_size();
  const int out_h = crop_size ? crop_size : height;
  const int out_w = crop_size ? crop_size : width;
  const int num_axes = transformed_blob->num_axes();
  CHECK_GE(num_axes, 3) << "The transformed blob needs channels, height and width axes";
  CHECK_EQ(transformed_blob->shape(-3), channels);
  CHECK_EQ(transformed_blob->shape(-2), out_h);
  CHECK_EQ(transformed_blob->shape(-1), out_w);
  Transform(data, channels, height, width, transformed_blob->mutable_cpu_data());
}

template <typename Dtype>
void DataTransformer<Dtype>::Transform(Blob<Dtype>* input_blob,
                                       Blob<Dtype>* transformed_blob) {
  const int input_num = input_blob->num();
  const int input_channels = input_blob->channels();
  const int input_height = input_blob->height();
  const int input_width = input_blob->width();
  CheckInput(input_channels, input_height, input_width);
  const int crop_size = param_.crop_size();
  const int out_h = crop_size ? crop_size : input_height;
  const int out_w = crop_size ? crop_size : input_width;
  if (transformed_blob->count() == 0) {
    transformed_blob->Reshape(input_num, input_channels, out_h, out_w);
  }
  CHECK_EQ(transformed_blob->num(), input_num);
  CHECK_EQ(transformed_blob->channels(), input_channels);
  CHECK_EQ(transformed_blob->height(), out_h);
  CHECK_EQ(transformed_blob->width(), out_w);

  // One draw per call: the whole batch shares the mirror flag and crop window.
  const bool do_mirror = param_.mirror() && Rand(2);
  int h_off = 0;
  int w_off = 0;
  if (crop_size) {
    if (phase_ == TRAIN) {
      h_off = Rand(input_height - crop_size + 1);
      w_off = Rand(input_width - crop_size + 1);
    } else {
      h_off = (input_height - crop_size) / 2;
      w_off = (input_width - crop_size) / 2;
    }
  }
  const Dtype scale = param_.scale();
  const Dtype* mean = param_.has_mean_file() ? data_mean_.cpu_data() : nullptr;
  const Dtype* input_data = input_blob->cpu_data();
  Dtype* transformed_data = transformed_blob->mutable_cpu_data();
  const int input_dim = input_blob->count(1);
  const int output_dim = transformed_blob->count(1);
  for (int n = 0; n < input_num; ++n) {
    TransformImage<Dtype, Dtype>(input_data + n * input_dim, input_channels, input_height,
                                 input_width, h_off, w_off, out_h, out_w, do_mirror, scale,
                                 mean, mean_values_, transformed_data + n * output_dim);
  }
}

INSTANTIATE_CLASS(DataTransformer);

}  // namespace caffe
