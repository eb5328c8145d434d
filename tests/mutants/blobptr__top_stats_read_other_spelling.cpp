// From EltwiseLayer's SUM (caffe_src/src/caffe/layers/eltwise_layer.cpp) with a second top.
// Edit: a cumulative-energy normalizer. The layer's second top holds the energy accumulated
// over the batch so far; the author writes it through `Blob<Dtype>* energy_blob = top[1];`
// and each sample reads the running value back through top[1]->cpu_data() to scale its own
// output. Each sample reads what the samples before it added.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSCumEnergyLayer : public Layer<Dtype> {
 public:
  explicit MutSCumEnergyLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    vector<int> shape(1, 1);
    top[1]->Reshape(shape);
  }
  virtual inline const char* type() const { return "MutSCumEnergy"; }
  virtual inline int ExactNumTopBlobs() const { return 2; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, dim_;
};

template <typename Dtype>
void MutSCumEnergyLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                            const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Blob<Dtype>* energy_blob = top[1];
  Dtype* energy = energy_blob->mutable_cpu_data();
  energy[0] = Dtype(1e-6);
  const Dtype* running = top[1]->cpu_data();
  // CGP-MUTANT: unsafe class=recurrence reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    energy[0] += caffe_cpu_dot(dim_, bottom_data + n * dim_, bottom_data + n * dim_);
    caffe_cpu_scale(dim_, Dtype(1) / std::sqrt(running[0]), bottom_data + n * dim_,
                    top_data + n * dim_);
  }
}

INSTANTIATE_CLASS(MutSCumEnergyLayer);
REGISTER_LAYER_CLASS(MutSCumEnergy);

}  // namespace caffe
