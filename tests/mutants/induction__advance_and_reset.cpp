// From ConcatLayer::Forward_cpu (caffe_src/src/caffe/layers/concat_layer.cpp).
// Edit: a ring buffer: top holds ring_ rows (a setting); each sample is added into the
// next row, and the output pointer goes back to the first row after the last. The pointer has
// both a `+=` and a reset: rows are shared by samples ring_ apart.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRWrapRingLayer : public Layer<Dtype> {
 public:
  explicit MutRWrapRingLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    ring_ = this->layer_param_.concat_param().axis();
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    vector<int> shape = bottom[0]->shape();
    shape[0] = ring_;
    top[0]->Reshape(shape);
  }
  virtual inline const char* type() const { return "MutRWrapRing"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int ring_;
  int num_, dim_;
};

template <typename Dtype>
void MutRWrapRingLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* const first = top[0]->mutable_cpu_data();
  Dtype* const stop = first + top[0]->count();
  caffe_set(top[0]->count(), Dtype(0), first);
  Dtype* row = first;
  // CGP-MUTANT: unsafe class=skipped-increment reason=unprovable-induction
  for (int n = 0; n < num_; ++n) {
    caffe_axpy(dim_, Dtype(1), bottom_data + n * dim_, row);
    row += dim_;
    if (row == stop) row = first;
  }
}

INSTANTIATE_CLASS(MutRWrapRingLayer);
REGISTER_LAYER_CLASS(MutRWrapRing);

}  // namespace caffe
