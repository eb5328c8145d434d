// From caffe_src's elementwise layers: a base layer template gives the lag of an in-place
// filter as a member `MutDbLag()` (0: each value stays where it is), and the derived layer
// reads `top_data[n * dim + k + MutDbLag()]` unqualified in its batch loop.
// Edit: namespace caffe also has a free function `MutDbLag()` returning -1 (a one-step lag).
// The call has no arguments, so it is not even dependent: lookup at the template's definition
// skips the dependent base and binds the free function. Each sample's first value then reads
// the previous sample's last value, which that sample's iteration writes.
// (red team, 2026-12-06, twenty-first round (b), family 1: the base's member was read as the
// call's value, 0)
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

inline int MutDbLag() { return -1; }

template <typename Dtype>
class MutDbLagBaseLayer : public Layer<Dtype> {
 public:
  explicit MutDbLagBaseLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    top[0]->ReshapeLike(*bottom[0]);
    padded_.Reshape(1, 1, 1, bottom[0]->count() + 1);
  }

 protected:
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int MutDbLag() const { return 0; }
  Blob<Dtype> padded_;
};

template <typename Dtype>
class MutDbLagLayer : public MutDbLagBaseLayer<Dtype> {
 public:
  explicit MutDbLagLayer(const LayerParameter& param) : MutDbLagBaseLayer<Dtype>(param) {}
  virtual inline const char* type() const { return "MutDbLag"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
};

template <typename Dtype>
void MutDbLagLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                       const vector<Blob<Dtype>*>& top) {
  const int num = bottom[0]->num();
  const int dim = bottom[0]->count(1);
  // one leading element before the samples: the lag's read before the first sample
  Dtype* data = this->padded_.mutable_cpu_data() + 1;
  data[-1] = Dtype(0);
  caffe_copy(bottom[0]->count(), bottom[0]->cpu_data(), data);
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num; ++n) {
    for (int k = 0; k < dim; ++k) {
      data[n * dim + k] = Dtype(0.5) * data[n * dim + k + MutDbLag()];
    }
  }
  caffe_copy(bottom[0]->count(), data, top[0]->mutable_cpu_data());
}

INSTANTIATE_CLASS(MutDbLagLayer);
REGISTER_LAYER_CLASS(MutDbLag);

}  // namespace caffe
