// From InnerProductLayer (caffe_src/src/caffe/layers/inner_product_layer.cpp) parameter blobs.
// Edit: a center-loss layer whose class centers (blobs_[0]) are updated online, sample by
// sample: c_y += alpha * (x_n - c_y). The centers are read through the usual
// `this->blobs_[0]->cpu_data()`; the update goes through a `Blob<Dtype>* centers` the author
// took from blobs_[0] before the loop. Each sample reads the centers the previous samples moved.
#include <vector>

#include "caffe/filler.hpp"
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSOnlineCenterLayer : public Layer<Dtype> {
 public:
  explicit MutSOnlineCenterLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    classes_ = this->layer_param_.inner_product_param().num_output();
    alpha_ = this->layer_param_.power_param().scale();
    K_ = bottom[0]->count(1);
    this->blobs_.resize(1);
    vector<int> center_shape(2);
    center_shape[0] = classes_;
    center_shape[1] = K_;
    this->blobs_[0].reset(new Blob<Dtype>(center_shape));
    caffe_set(this->blobs_[0]->count(), Dtype(0), this->blobs_[0]->mutable_cpu_data());
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    M_ = bottom[0]->num();
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSOnlineCenter"; }
  virtual inline int ExactNumBottomBlobs() const { return 2; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int M_, K_, classes_;
  Dtype alpha_;
};

template <typename Dtype>
void MutSOnlineCenterLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                               const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* label = bottom[1]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const Dtype* center = this->blobs_[0]->cpu_data();
  Blob<Dtype>* centers = this->blobs_[0].get();
  Dtype* center_update = centers->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=recurrence reason=cross-sample-dependence
  for (int n = 0; n < M_; ++n) {
    const int y = static_cast<int>(label[n]);
    for (int k = 0; k < K_; ++k) {
      const Dtype d = bottom_data[n * K_ + k] - center[y * K_ + k];
      top_data[n * K_ + k] = d;
      center_update[y * K_ + k] += alpha_ * d;
    }
  }
}

INSTANTIATE_CLASS(MutSOnlineCenterLayer);
REGISTER_LAYER_CLASS(MutSOnlineCenter);

}  // namespace caffe
