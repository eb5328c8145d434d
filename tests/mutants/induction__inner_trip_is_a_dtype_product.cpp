// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp), as a packer.
// Edit (twentieth red team): copy the leading ratio of each sample, `j < dim_ * ratio_` with
// ratio_ a Dtype: the trip is ceil(dim_ * ratio_) compared in floating point, not the int
// `dim_ * ratio_` the closed form assumes, so out's offset at sample n is wrong in the rewrite.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSFloatTripKeepLayer : public Layer<Dtype> {
 public:
  explicit MutSFloatTripKeepLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSFloatTripKeep"; }
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    ftk_ratio_ = Dtype(0.5);
  }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  Dtype ftk_ratio_;
  int num_, dim_;
};

template <typename Dtype>
void MutSFloatTripKeepLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* out = top[0]->mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), out);
  // CGP-MUTANT: unsafe class=induction reason=unprovable-induction
  for (int n = 0; n < num_; ++n) {
    for (int j = 0; j < dim_ * ftk_ratio_; ++j) {
      *out++ = bottom_data[n * dim_ + j] * Dtype(2);
    }
    out += dim_ / 2;
  }
}

template <typename Dtype>
void MutSFloatTripKeepLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSFloatTripKeepLayer);
REGISTER_LAYER_CLASS(MutSFloatTripKeep);

}  // namespace caffe
