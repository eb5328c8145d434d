// Control, the legal twin of MutBTemporalSmooth (an in-place layer reading a neighbour).
// From a NeuronLayer (caffe_src/include/caffe/layers/neuron_layer.hpp), which Caffe may run
// in place: each sample is divided by its largest absolute value. Iteration n first reads
// all of sample n, then rewrites sample n element by element, reading each element at the
// index it writes: with top[0] == bottom[0] only sample n's own memory is involved.
#include <algorithm>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/layers/neuron_layer.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutBInPlaceMaxScaleLayer : public NeuronLayer<Dtype> {
 public:
  explicit MutBInPlaceMaxScaleLayer(const LayerParameter& param) : NeuronLayer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    NeuronLayer<Dtype>::Reshape(bottom, top);
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
  }
  virtual inline const char* type() const { return "MutBInPlaceMaxScale"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutBInPlaceMaxScaleLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                  const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    Dtype peak = Dtype(1e-12);
    for (int k = 0; k < dim_; ++k) {
      peak = std::max(peak, std::fabs(bottom_data[n * dim_ + k]));
    }
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = bottom_data[n * dim_ + k] / peak;
    }
  }
}

INSTANTIATE_CLASS(MutBInPlaceMaxScaleLayer);
REGISTER_LAYER_CLASS(MutBInPlaceMaxScale);

}  // namespace caffe
