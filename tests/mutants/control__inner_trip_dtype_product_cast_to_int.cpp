// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp), as a packer.
// Control (twentieth red team): the same keep-ratio copy with the trip cast,
// `j < static_cast<int>(dim_ * ratio_)`: an int trip fixed for every sample, out is
// `base + n * (trip + dim_ / 2)`, and the loop stays parallel.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSFloatTripCastCtlLayer : public Layer<Dtype> {
 public:
  explicit MutSFloatTripCastCtlLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSFloatTripCastCtl"; }
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    ftc_ratio_ = Dtype(0.5);
  }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  Dtype ftc_ratio_;
  int num_, dim_;
};

template <typename Dtype>
void MutSFloatTripCastCtlLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* out = top[0]->mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), out);
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    for (int j = 0; j < static_cast<int>(dim_ * ftc_ratio_); ++j) {
      *out++ = bottom_data[n * dim_ + j] * Dtype(2);
    }
    out += dim_ / 2;
  }
}

template <typename Dtype>
void MutSFloatTripCastCtlLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSFloatTripCastCtlLayer);
REGISTER_LAYER_CLASS(MutSFloatTripCastCtl);

}  // namespace caffe
