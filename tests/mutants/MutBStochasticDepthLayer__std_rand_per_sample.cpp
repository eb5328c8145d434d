// From DropoutLayer (caffe_src/src/caffe/layers/dropout_layer.cpp). Edit: sample-level
// dropout (stochastic depth on a residual branch): each sample's whole branch output is
// kept or zeroed, decided by a draw from std::rand() compared with a threshold computed
// from dropout_ratio, made inside the batch loop. std::rand() advances one hidden global
// state: the decision for sample n depends on the draws for samples 0..n-1, and concurrent
// calls race on that state.
#include <cstdlib>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/layers/neuron_layer.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutBStochasticDepthLayer : public NeuronLayer<Dtype> {
 public:
  explicit MutBStochasticDepthLayer(const LayerParameter& param) : NeuronLayer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom,
                          const vector<Blob<Dtype>*>& top) {
    NeuronLayer<Dtype>::LayerSetUp(bottom, top);
    const Dtype ratio = this->layer_param_.dropout_param().dropout_ratio();
    drop_below_ = static_cast<int>(ratio * RAND_MAX);
    scale_ = 1. / (1. - ratio);
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    NeuronLayer<Dtype>::Reshape(bottom, top);
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    vector<int> keep_shape(1, num_);
    keep_.Reshape(keep_shape);
  }
  virtual inline const char* type() const { return "MutBStochasticDepth"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Blob<Dtype> keep_;  // 1 for the samples kept in the last TRAIN forward, else 0
  int drop_below_;
  Dtype scale_;
  int num_;
  int dim_;
};

template <typename Dtype>
void MutBStochasticDepthLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                  const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  if (this->phase_ != TRAIN) {
    caffe_copy(bottom[0]->count(), bottom_data, top_data);
    return;
  }
  Dtype* keep = keep_.mutable_cpu_data();
  // CGP-MUTANT: unsafe class=rng reason=rng
  for (int n = 0; n < num_; ++n) {
    keep[n] = (std::rand() < drop_below_) ? Dtype(0) : Dtype(1);
    const Dtype factor = keep[n] * scale_;
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = bottom_data[n * dim_ + k] * factor;
    }
  }
}

INSTANTIATE_CLASS(MutBStochasticDepthLayer);
REGISTER_LAYER_CLASS(MutBStochasticDepth);

}  // namespace caffe
