// From InnerProductLayer::Forward_cpu (caffe_src/src/caffe/layers/inner_product_layer.cpp).
// Edit: a "leaky integrator" readout: the second top holds one state vector of N_ units that
// every sample drives through the weights, with the state decayed by a factor each step:
// state = W * x_n + decay * state (caffe_cpu_gemv with beta = decay_). With a beta that is
// neither 0 nor 1, each sample's update scales what the samples before it left.
#include <vector>

#include "caffe/filler.hpp"
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSLeakyReadoutLayer : public Layer<Dtype> {
 public:
  explicit MutSLeakyReadoutLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    N_ = this->layer_param_.inner_product_param().num_output();
    K_ = bottom[0]->count(1);
    decay_ = this->layer_param_.power_param().scale();
    this->blobs_.resize(1);
    vector<int> weight_shape(2);
    weight_shape[0] = N_;
    weight_shape[1] = K_;
    this->blobs_[0].reset(new Blob<Dtype>(weight_shape));
    shared_ptr<Filler<Dtype> > filler(GetFiller<Dtype>(
        this->layer_param_.inner_product_param().weight_filler()));
    filler->Fill(this->blobs_[0].get());
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    M_ = bottom[0]->num();
    top[0]->ReshapeLike(*bottom[0]);
    vector<int> state_shape(1, N_);
    top[1]->Reshape(state_shape);
  }
  virtual inline const char* type() const { return "MutSLeakyReadout"; }
  virtual inline int ExactNumTopBlobs() const { return 2; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int M_, K_, N_;
  Dtype decay_;
};

template <typename Dtype>
void MutSLeakyReadoutLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                               const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* weight = this->blobs_[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* state = top[1]->mutable_cpu_data();
  caffe_set(N_, Dtype(0), state);
  // CGP-MUTANT: unsafe class=recurrence reason=cross-sample-dependence
  for (int n = 0; n < M_; ++n) {
    caffe_copy(K_, bottom_data + n * K_, top_data + n * K_);
    caffe_cpu_gemv<Dtype>(CblasNoTrans, N_, K_, Dtype(1), weight, bottom_data + n * K_, decay_,
                          state);
  }
}

INSTANTIATE_CLASS(MutSLeakyReadoutLayer);
REGISTER_LAYER_CLASS(MutSLeakyReadout);

}  // namespace caffe
