// From TanHLayer (caffe_src/src/caffe/layers/tanh_layer.cpp), with a helper for clipping.
// Edit: the author adds two overloads of a free clipping helper: one with a fixed bound, and
// one taking the bound that also keeps, in a function-local static, how many values it has
// clipped, used to print a rate-limited warning. The loop calls the second overload; every
// call updates the same static.
#include <algorithm>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
Dtype mutr_clip(Dtype x) {
  return std::max(std::min(x, Dtype(20)), Dtype(-20));
}

template <typename Dtype>
Dtype mutr_clip(Dtype x, Dtype bound) {
  static int clipped = 0;
  if (std::fabs(x) > bound) {
    ++clipped;
    if (clipped % 100000 == 1) LOG(WARNING) << clipped << " values clipped so far";
  }
  return std::max(std::min(x, bound), -bound);
}

template <typename Dtype>
class MutRClipTanhLayer : public Layer<Dtype> {
 public:
  explicit MutRClipTanhLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    bound_ = this->layer_param_.power_param().scale();
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutRClipTanh"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Dtype bound_;
  int num_, dim_;
};

template <typename Dtype>
void MutRClipTanhLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                           const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=local-static reason=global-state
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = std::tanh(mutr_clip(bottom_data[n * dim_ + k], bound_));
    }
  }
}

INSTANTIATE_CLASS(MutRClipTanhLayer);
REGISTER_LAYER_CLASS(MutRClipTanh);

}  // namespace caffe
