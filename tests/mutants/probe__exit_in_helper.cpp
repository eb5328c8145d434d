// From SoftmaxWithLossLayer::Forward_cpu (caffe_src/src/caffe/layers/softmax_loss_layer.cpp).
// Edit: a label check factored into a helper that prints a message and calls std::exit(1) on
// a bad label (the author wanted no stack trace). Sequentially, samples after the bad one
// never run; run at once, they do, and exit runs while other threads still work.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <random>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSExitLabelLayer : public Layer<Dtype> {
 public:
  explicit MutSExitLabelLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSExitLabel"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  void CheckLabel(int label) {
    if (label < 0 || label >= dim_) {
      LOG(ERROR) << "bad label " << label;
      std::exit(1);
    }
  }
  int num_, dim_;
};

template <typename Dtype>
void MutSExitLabelLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* prob = bottom[0]->cpu_data();
  const Dtype* label = bottom[1]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=early-exit reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    const int y = static_cast<int>(label[n]);
    this->CheckLabel(y);
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = (k == y) ? -std::log(prob[n * dim_ + k]) : Dtype(0);
    }
  }
}

INSTANTIATE_CLASS(MutSExitLabelLayer);
REGISTER_LAYER_CLASS(MutSExitLabel);

}  // namespace caffe
