// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp), as a packer.
// Edit (twenty-first red team, stride_zero_guarded_step): the step is a choice with a 0 arm,
// `out += flag ? dim_ : 0`: with the flag false the pointer never moves and every sample adds
// into the same row.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutATernaryZeroStepLayer : public Layer<Dtype> {
 public:
  explicit MutATernaryZeroStepLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    atzs_num_ = bottom[0]->num();
    atzs_dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    atzs_stat_.Reshape(1, 1, 1, 2);
  }
  virtual inline const char* type() const { return "MutATernaryZeroStep"; }
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    this->blobs_.resize(1);
    this->blobs_[0].reset(new Blob<Dtype>(1, 1, 1, bottom[0]->count(1)));
    atzs_flag_ = false;
  }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  Blob<Dtype> atzs_stat_;
  bool atzs_flag_;
  int atzs_num_, atzs_dim_;
};

template <typename Dtype>
void MutATernaryZeroStepLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* out = top[0]->mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), out);
  // CGP-MUTANT: unsafe class=induction reason=unprovable-induction
  for (int n = 0; n < atzs_num_; ++n) {
    for (int k = 0; k < atzs_dim_; ++k) {
      out[k] += std::max(bottom_data[n * atzs_dim_ + k], Dtype(0));
    }
    out += atzs_flag_ ? atzs_dim_ : 0;
  }
}

template <typename Dtype>
void MutATernaryZeroStepLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutATernaryZeroStepLayer);
REGISTER_LAYER_CLASS(MutATernaryZeroStep);

}  // namespace caffe
