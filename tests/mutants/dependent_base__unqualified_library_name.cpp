// From caffe_src's PowerLayer (a scale of each sample): a base layer template declares a
// member `caffe_scal` that scales one sample (dim_ elements, whatever count it is handed).
// Edit: the derived layer calls `caffe_scal(count, scale, top_data + n * dim)` unqualified in
// its batch loop, with count the whole blob's. Lookup in a member of a class template skips
// the dependent base (two-phase lookup): the call is caffe's library caffe_scal, which scales
// `count` elements from sample n on, every later sample's too.
// (red team, 2026-12-06, twenty-first round (b), family 1: library_call took the name for
// the base's method and walked that)
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutDbScaleBaseLayer : public Layer<Dtype> {
 public:
  explicit MutDbScaleBaseLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }

 protected:
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  void caffe_scal(const int count, const Dtype alpha, Dtype* x) const {
    for (int i = 0; i < dim_; ++i) {
      x[i] *= alpha;
    }
  }
  int dim_;
};

template <typename Dtype>
class MutDbScaleLayer : public MutDbScaleBaseLayer<Dtype> {
 public:
  explicit MutDbScaleLayer(const LayerParameter& param) : MutDbScaleBaseLayer<Dtype>(param) {}
  virtual inline const char* type() const { return "MutDbScale"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
};

template <typename Dtype>
void MutDbScaleLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                         const vector<Blob<Dtype>*>& top) {
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int num = bottom[0]->num();
  const int dim = bottom[0]->count(1);
  const int count = bottom[0]->count();
  caffe_copy(count, bottom[0]->cpu_data(), top_data);
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num; ++n) {
    caffe_scal(count, Dtype(0.5), top_data + n * dim);
  }
}

INSTANTIATE_CLASS(MutDbScaleLayer);
REGISTER_LAYER_CLASS(MutDbScale);

}  // namespace caffe
