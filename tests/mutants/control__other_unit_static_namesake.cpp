// Control for other_unit__float_specialization_defined_elsewhere.cpp: the layer's helper
// `MutOuSoft(x)` is a pure free function template of this file; another source file
// (helper_other_unit__float_paths.cpp) has a `static` float function, an anonymous-namespace
// double function, an inline long double function and an inline template of the same name,
// all writing state there. This unit cannot call them (internal linkage; an inline function
// is called only where it is defined), so the batch loop stays parallel. And a pure float
// specialization defined there (MutOuSoftsign): followed, writing nothing shared.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
Dtype MutOuSoft(Dtype x) {
  return x / (Dtype(1) + std::fabs(x));
}

template <typename Dtype>
class MutOuSoftLayer : public Layer<Dtype> {
 public:
  explicit MutOuSoftLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutOuSoft"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int dim_;
};

template <typename Dtype>
void MutOuSoftLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                        const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: control
  for (int n = 0; n < bottom[0]->num(); ++n) {
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = MutOuSoft(bottom_data[n * dim_ + k]);
    }
  }
}

INSTANTIATE_CLASS(MutOuSoftLayer);
REGISTER_LAYER_CLASS(MutOuSoft);

// a pure float specialization declared here and defined in that other source file: followed,
// and it writes nothing shared
template <typename Dtype>
Dtype MutOuSoftsign(Dtype x) {
  return x / (Dtype(1) + std::fabs(x));
}

template <>
float MutOuSoftsign<float>(float x);

template <typename Dtype>
class MutOuSoftsignLayer : public Layer<Dtype> {
 public:
  explicit MutOuSoftsignLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutOuSoftsign"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int dim_;
};

template <typename Dtype>
void MutOuSoftsignLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                            const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: control
  for (int n = 0; n < bottom[0]->num(); ++n) {
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = MutOuSoftsign(bottom_data[n * dim_ + k]);
    }
  }
}

INSTANTIATE_CLASS(MutOuSoftsignLayer);
REGISTER_LAYER_CLASS(MutOuSoftsign);

}  // namespace caffe
