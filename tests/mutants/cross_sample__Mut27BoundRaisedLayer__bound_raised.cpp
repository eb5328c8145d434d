// A sample-indexed loop (round 27, pointer constant offsets and steps beside inner trips): unsafe: two `*row++`
// per k < lim, lim = dim / 2 raised to dim in the body: reaches 2 * dim - 1
#include <algorithm>
#include <cstring>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class Mut27BoundRaisedLayer : public Layer<Dtype> {
 public:
  explicit Mut27BoundRaisedLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    channels_ = bottom[0]->channels();
    spatial_ = bottom[0]->count(2);
    height_ = bottom[0]->height();
    width_ = bottom[0]->width();
    top[0]->ReshapeLike(*bottom[0]);
    top[1]->Reshape(num_, 1, 1, 1);
  }
  virtual inline const char* type() const { return "Mut27BoundRaised"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, channels_, spatial_, height_, width_;
};

template <typename Dtype>
void Mut27BoundRaisedLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* norm = top[1]->mutable_cpu_data();
  const int dim = bottom[0]->count(1);
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int i = 0; i < dim; ++i) {
      top_data[n * dim + i] = bottom_data[n * dim + i];
    }
    Dtype* row = top_data + n * dim;
    int lim = dim / 2;
    for (int k = 0; k < lim; ++k) {
      *row++ = Dtype(n);
      *row++ = Dtype(0);
      if (k + 1 == lim && lim < dim) lim = dim;
    }
    norm[n] = bottom_data[n * dim];
  }
}

template <typename Dtype>
void Mut27BoundRaisedLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(Mut27BoundRaisedLayer);
REGISTER_LAYER_CLASS(Mut27BoundRaised);

}  // namespace caffe
