// From InnerProductLayer (caffe_src/src/caffe/layers/inner_product_layer.cpp): top = W x + b,
// one gemv per row. Edit: a vanilla recurrent layer in Caffe's recurrent layout, where
// axis 0 of the bottom is TIME (T x D, one sequence) rather than the batch:
// h_t = tanh(W_x x_t + W_h h_{t-1}). The loop runs over bottom[0]->shape(0), so it looks
// like a batch loop, but step t reads the hidden state h_{t-1} that step t-1 wrote into
// top: a loop-carried dependence along axis 0.
#include <cmath>
#include <vector>

#include "caffe/filler.hpp"
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutBTimeMajorRNNLayer : public Layer<Dtype> {
 public:
  explicit MutBTimeMajorRNNLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom,
                          const vector<Blob<Dtype>*>& top) {
    hidden_ = this->layer_param_.inner_product_param().num_output();
    input_dim_ = bottom[0]->count(1);
    if (this->blobs_.size() == 0) {
      this->blobs_.resize(2);
      vector<int> wx_shape(2);
      wx_shape[0] = hidden_;
      wx_shape[1] = input_dim_;
      this->blobs_[0].reset(new Blob<Dtype>(wx_shape));
      vector<int> wh_shape(2, hidden_);
      this->blobs_[1].reset(new Blob<Dtype>(wh_shape));
      shared_ptr<Filler<Dtype> > filler(
          GetFiller<Dtype>(this->layer_param_.inner_product_param().weight_filler()));
      filler->Fill(this->blobs_[0].get());
      filler->Fill(this->blobs_[1].get());
    }
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    CHECK_EQ(bottom[0]->count(1), input_dim_);
    steps_ = bottom[0]->shape(0);
    vector<int> top_shape(2);
    top_shape[0] = steps_;
    top_shape[1] = hidden_;
    top[0]->Reshape(top_shape);
  }
  virtual inline const char* type() const { return "MutBTimeMajorRNN"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int hidden_;
  int input_dim_;
  int steps_;  // axis 0: time steps of one sequence
};

template <typename Dtype>
void MutBTimeMajorRNNLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                               const vector<Blob<Dtype>*>& top) {
  const Dtype* x = bottom[0]->cpu_data();
  const Dtype* w_x = this->blobs_[0]->cpu_data();
  const Dtype* w_h = this->blobs_[1]->cpu_data();
  Dtype* h = top[0]->mutable_cpu_data();
  const int x_dim = bottom[0]->count(1);  // input_dim_
  const int h_dim = top[0]->count(1);     // hidden_
  // CGP-MUTANT: unsafe class=fake-batch reason=cross-sample-dependence
  for (int t = 0; t < steps_; ++t) {
    caffe_cpu_gemv<Dtype>(CblasNoTrans, h_dim, x_dim, Dtype(1), w_x, x + t * x_dim,
                          Dtype(0), h + t * h_dim);
    if (t > 0) {
      caffe_cpu_gemv<Dtype>(CblasNoTrans, h_dim, h_dim, Dtype(1), w_h, h + (t - 1) * h_dim,
                            Dtype(1), h + t * h_dim);
    }
    for (int k = 0; k < h_dim; ++k) {
      h[t * h_dim + k] = std::tanh(h[t * h_dim + k]);
    }
  }
}

INSTANTIATE_CLASS(MutBTimeMajorRNNLayer);
REGISTER_LAYER_CLASS(MutBTimeMajorRNN);

}  // namespace caffe
