// From SoftmaxLayer::Forward_cpu (caffe_src/src/caffe/layers/softmax_layer.cpp).
// Edit: a temperature schedule shared by every softmax of the net: a small class template
// `MutSTemperature<Dtype>` hands out the next temperature from a counter kept in a
// function-local static of its static method, and the layer asks it once per sample. Every
// call advances the same static.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
struct MutSTemperature {
  static Dtype Next() {
    static int calls = 0;
    ++calls;
    return Dtype(1) + Dtype(1) / std::sqrt(Dtype(calls));
  }
};

template <typename Dtype>
class MutSScheduledSoftmaxLayer : public Layer<Dtype> {
 public:
  explicit MutSScheduledSoftmaxLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSScheduledSoftmax"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, dim_;
};

template <typename Dtype>
void MutSScheduledSoftmaxLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                   const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=local-static reason=global-state
  for (int n = 0; n < num_; ++n) {
    const Dtype t = MutSTemperature<Dtype>::Next();
    Dtype mx = -FLT_MAX;
    for (int k = 0; k < dim_; ++k) mx = std::max(mx, bottom_data[n * dim_ + k]);
    Dtype sum = 0;
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = std::exp((bottom_data[n * dim_ + k] - mx) / t);
      sum += top_data[n * dim_ + k];
    }
    caffe_scal(dim_, Dtype(1) / sum, top_data + n * dim_);
  }
}

INSTANTIATE_CLASS(MutSScheduledSoftmaxLayer);
REGISTER_LAYER_CLASS(MutSScheduledSoftmax);

}  // namespace caffe
