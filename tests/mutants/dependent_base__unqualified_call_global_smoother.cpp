// From caffe_src's PowerLayer-style elementwise layers: a small base layer template holds the
// layer's parameters and a pure member helper `MutDbSmooth(x)` (decay_ * x); the derived layer
// calls it unqualified inside its batch loop.
// Edit: namespace caffe also has a free function template MutDbSmooth (an exponential
// smoother over a stream, its previous input in a namespace-scope variable). Inside a member
// of a class template, unqualified lookup skips the DEPENDENT base MutDbSmoothBaseLayer<Dtype>
// (two-phase lookup): `MutDbSmooth(x)` runs the free smoother, every call writing the shared
// variable.
// (red team, 2026-12-06, twenty-first round (b), family 1: the base's pure method was walked
// instead, and the loop came back parallel)
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

double g_mutdb_smooth_prev = 0;

template <typename Dtype>
Dtype MutDbSmooth(Dtype x) {
  const Dtype y = Dtype(0.5) * (x + Dtype(g_mutdb_smooth_prev));
  g_mutdb_smooth_prev = x;
  return y;
}

template <typename Dtype>
class MutDbSmoothBaseLayer : public Layer<Dtype> {
 public:
  explicit MutDbSmoothBaseLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    decay_ = Dtype(0.5);
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    top[0]->ReshapeLike(*bottom[0]);
  }

 protected:
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Dtype MutDbSmooth(Dtype x) const { return decay_ * x; }
  Dtype decay_;
};

template <typename Dtype>
class MutDbSmoothCallLayer : public MutDbSmoothBaseLayer<Dtype> {
 public:
  explicit MutDbSmoothCallLayer(const LayerParameter& param)
      : MutDbSmoothBaseLayer<Dtype>(param) {}
  virtual inline const char* type() const { return "MutDbSmoothCall"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
};

template <typename Dtype>
void MutDbSmoothCallLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                              const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int num = bottom[0]->num();
  const int dim = bottom[0]->count(1);
  // CGP-MUTANT: unsafe class=global-state reason=global-state
  for (int n = 0; n < num; ++n) {
    for (int k = 0; k < dim; ++k) {
      top_data[n * dim + k] = MutDbSmooth(bottom_data[n * dim + k]);
    }
  }
}

INSTANTIATE_CLASS(MutDbSmoothCallLayer);
REGISTER_LAYER_CLASS(MutDbSmoothCall);

}  // namespace caffe
