// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp), as a packer.
// Edit (review of the twenty-first round): the step multiplied by a getter that returns a
// bool, 0 when it is false: every sample then adds into the same row.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRStepBoolGetterLayer : public Layer<Dtype> {
 public:
  explicit MutRStepBoolGetterLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    rsbg_num_ = bottom[0]->num();
    rsbg_dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    rsbg_stat_.Reshape(1, 1, 1, 2);
  }
  bool rsbg_keeps() const { return rsbg_keep_; }
  virtual inline const char* type() const { return "MutRStepBoolGetter"; }
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    this->blobs_.resize(1);
    this->blobs_[0].reset(new Blob<Dtype>(1, 1, 1, bottom[0]->count(1)));
    rsbg_keep_ = false;
  }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  Blob<Dtype> rsbg_stat_;
  bool rsbg_keep_;
  int rsbg_num_, rsbg_dim_;
};

template <typename Dtype>
void MutRStepBoolGetterLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* out = top[0]->mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), out);
  // CGP-MUTANT: unsafe class=induction reason=unprovable-induction
  for (int n = 0; n < rsbg_num_; ++n) {
    for (int k = 0; k < rsbg_dim_; ++k) {
      out[k] += std::max(bottom_data[n * rsbg_dim_ + k], Dtype(0));
    }
    out += rsbg_dim_ * rsbg_keeps();
  }
}

template <typename Dtype>
void MutRStepBoolGetterLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutRStepBoolGetterLayer);
REGISTER_LAYER_CLASS(MutRStepBoolGetter);

}  // namespace caffe
