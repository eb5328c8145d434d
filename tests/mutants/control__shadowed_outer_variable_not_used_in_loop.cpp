// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp).
// Control (eighteenth red team): the same shadowing, an inner `for (int pos ...)` and a
// range-for `acc`, with the outer `pos` only read after the loop: nothing is carried from one
// sample to the next, and the loop stays parallel.
#include <cmath>
#include <vector>
#include <algorithm>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSShadowUnusedLayer : public Layer<Dtype> {
 public:
  explicit MutSShadowUnusedLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSShadowUnused"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
};

template <typename Dtype>
void MutSShadowUnusedLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  int pos = 3;
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    for (int pos = 0; pos < dim_; ++pos) {
      top_data[n * dim_ + pos] = std::max(bottom_data[n * dim_ + pos], Dtype(0));
    }
    for (Dtype acc : vector<Dtype>(1, bottom_data[n * dim_])) {
      top_data[n * dim_] += acc;
    }
  }
  top_data[0] += pos;
}

template <typename Dtype>
void MutSShadowUnusedLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSShadowUnusedLayer);
REGISTER_LAYER_CLASS(MutSShadowUnused);

}  // namespace caffe
