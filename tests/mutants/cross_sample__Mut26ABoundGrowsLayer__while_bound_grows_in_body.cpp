// A sample-indexed loop (round 26, a while bound changed in the body): `int lim = dim;
// while (k < lim) { top[n * dim + k] = 1; if (x[k] > 0) lim = dim + 1; ++k; }`: k reaches dim.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class Mut26ABoundGrowsLayer : public Layer<Dtype> {
 public:
  explicit Mut26ABoundGrowsLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    channels_ = bottom[0]->channels();
    dim_ = bottom[0]->count(1);
    spatial_ = bottom[0]->count(2);
    top[0]->Reshape(num_ + 1, bottom[0]->channels(), bottom[0]->height(), bottom[0]->width());
  }
  virtual inline const char* type() const { return "Mut26ABoundGrows"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, channels_, dim_, spatial_;
};

template <typename Dtype>
void Mut26ABoundGrowsLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int dim = dim_;
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int j = 0; j < dim; ++j) {
      top_data[n * dim + j] = Dtype(0);
    }
    int k = 0;
    int lim = dim;
    while (k < lim) {
      top_data[n * dim + k] = Dtype(1) + bottom_data[n * dim];
      if (bottom_data[n * dim] > Dtype(0)) lim = dim + 1;
      ++k;
    }
  }
}

INSTANTIATE_CLASS(Mut26ABoundGrowsLayer);
REGISTER_LAYER_CLASS(Mut26ABoundGrows);

}  // namespace caffe
