// Fillers initialize parameter blobs: constant, uniform, gaussian, xavier, msra.
#ifndef CAFFE_FILLER_HPP_
#define CAFFE_FILLER_HPP_

#include <string>

#include "caffe/blob.hpp"
#include "caffe/proto/caffe.pb.h"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class Filler {
 public:
  explicit Filler(const FillerParameter& param) : filler_param_(param) {}
  virtual ~Filler() {}
  virtual void Fill(Blob<Dtype>* blob) = 0;

 protected:
  FillerParameter filler_param_;
};

template <typename Dtype>
class ConstantFiller : public Filler<Dtype> {
 public:
  explicit ConstantFiller(const FillerParameter& param) : Filler<Dtype>(param) {}
  virtual void Fill(Blob<Dtype>* blob) {
    caffe_set(blob->count(), Dtype(this->filler_param_.value()), blob->mutable_cpu_data());
  }
};

template <typename Dtype>
class UniformFiller : public Filler<Dtype> {
 public:
  explicit UniformFiller(const FillerParameter& param) : Filler<Dtype>(param) {}
  virtual void Fill(Blob<Dtype>* blob) {
    caffe_rng_uniform<Dtype>(blob->count(), Dtype(this->filler_param_.min()),
                             Dtype(this->filler_param_.max()), blob->mutable_cpu_data());
  }
};

template <typename Dtype>
class GaussianFiller : public Filler<Dtype> {
 public:
  explicit GaussianFiller(const FillerParameter& param) : Filler<Dtype>(param) {}
  virtual void Fill(Blob<Dtype>* blob) {
    caffe_rng_gaussian<Dtype>(blob->count(), Dtype(this->filler_param_.mean()),
                              Dtype(this->filler_param_.std()), blob->mutable_cpu_data());
  }
};

// Fan-in and fan-out of a weight blob whose first axis is the output.
template <typename Dtype>
inline Dtype FillerScaleDenominator(const FillerParameter& param, const Blob<Dtype>& blob) {
  const int fan_in = blob.count() / blob.shape(0);
  const int fan_out = blob.num_axes() > 1 ? blob.count() / blob.shape(1) : blob.count();
  switch (param.variance_norm()) {
    case FillerParameter_VarianceNorm_AVERAGE:
      return Dtype(fan_in + fan_out) / Dtype(2);
    case FillerParameter_VarianceNorm_FAN_OUT:
      return Dtype(fan_out);
    default:
      return Dtype(fan_in);
  }
}

// Uniform in [-sqrt(3/n), sqrt(3/n)], n the fan-in (by default).
template <typename Dtype>
class XavierFiller : public Filler<Dtype> {
 public:
  explicit XavierFiller(const FillerParameter& param) : Filler<Dtype>(param) {}
  virtual void Fill(Blob<Dtype>* blob) {
    const Dtype n = FillerScaleDenominator(this->filler_param_, *blob);
    const Dtype limit = std::sqrt(Dtype(3) / n);
    caffe_rng_uniform<Dtype>(blob->count(), -limit, limit, blob->mutable_cpu_data());
  }
};

// Gaussian with variance 2/n, n the fan-in (by default).
template <typename Dtype>
class MSRAFiller : public Filler<Dtype> {
 public:
  explicit MSRAFiller(const FillerParameter& param) : Filler<Dtype>(param) {}
  virtual void Fill(Blob<Dtype>* blob) {
    const Dtype n = FillerScaleDenominator(this->filler_param_, *blob);
    caffe_rng_gaussian<Dtype>(blob->count(), Dtype(0), std::sqrt(Dtype(2) / n),
                              blob->mutable_cpu_data());
  }
};

template <typename Dtype>
Filler<Dtype>* GetFiller(const FillerParameter& param) {
  const std::string& type = param.type();
  if (type == "constant") return new ConstantFiller<Dtype>(param);
  if (type == "uniform") return new UniformFiller<Dtype>(param);
  if (type == "gaussian") return new GaussianFiller<Dtype>(param);
  if (type == "xavier") return new XavierFiller<Dtype>(param);
  if (type == "msra") return new MSRAFiller<Dtype>(param);
  LOG(FATAL) << "Unknown filler type: " << type;
  return nullptr;
}

}  // namespace caffe

#endif  // CAFFE_FILLER_HPP_
