// From a NeuronLayer (caffe_src/include/caffe/layers/neuron_layer.hpp), the base of ReLU,
// Sigmoid, Dropout..., whose layers Caffe runs in place (top[0] == bottom[0]) when the
// prototxt names the same blob. Edit: a 3-tap temporal smoothing over frames laid out along
// the batch axis, top[n] = (bottom[n-1] + bottom[n] + bottom[n+1]) / 3 (ends clamped), written
// as a NeuronLayer. Run in place, iteration n reads samples n-1 and n+1 of bottom, which are
// the top samples that iterations n-1 and n+1 overwrite: whether n sees the raw or the
// smoothed neighbour depends on the schedule.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/layers/neuron_layer.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutBTemporalSmoothLayer : public NeuronLayer<Dtype> {
 public:
  explicit MutBTemporalSmoothLayer(const LayerParameter& param) : NeuronLayer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    NeuronLayer<Dtype>::Reshape(bottom, top);
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
  }
  virtual inline const char* type() const { return "MutBTemporalSmooth"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutBTemporalSmoothLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                 const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=aliasing reason=aliasing guard=bottom[0]
  for (int n = 0; n < num_; ++n) {
    const int prev = std::max(n - 1, 0);
    const int next = std::min(n + 1, num_ - 1);
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = (bottom_data[prev * dim_ + k] + bottom_data[n * dim_ + k] +
                                bottom_data[next * dim_ + k]) / Dtype(3);
    }
  }
}

INSTANTIATE_CLASS(MutBTemporalSmoothLayer);
REGISTER_LAYER_CLASS(MutBTemporalSmooth);

}  // namespace caffe
