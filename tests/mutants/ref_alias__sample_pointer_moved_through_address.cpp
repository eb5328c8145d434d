// The same leak through the sample's output pointer moved by a pointer to it
// (`Dtype** pp = &out; *pp += dim_;`). (red team, 2026-12-05: came back parallel before)
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutASamplePointerAddressLayer : public Layer<Dtype> {
 public:
  explicit MutASamplePointerAddressLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutASamplePointerAddress"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutASamplePointerAddressLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                       const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=ref-alias reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    Dtype* out = top_data + n * dim_;
    for (int i = 0; i < dim_; ++i) {
      out[i] = std::max(bottom_data[n * dim_ + i], Dtype(0));
    }
    Dtype** pp = &out;
    *pp += dim_;
    if (n + 1 < num_) {
      for (int i = 0; i < dim_; ++i) {
        out[i] += Dtype(0.5) * bottom_data[n * dim_ + i];
      }
    }
  }
}

INSTANTIATE_CLASS(MutASamplePointerAddressLayer);
REGISTER_LAYER_CLASS(MutASamplePointerAddress);

}  // namespace caffe
