// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp), as a packer.
// Edit (twenty-first red team, stride_zero_guarded_step): the pointer is stepped forward and
// back by the same amount in each sample (`out += dim_; ... out -= dim_;`): it never moves, and
// every sample adds into the same row.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutAStepsBackLayer : public Layer<Dtype> {
 public:
  explicit MutAStepsBackLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    asb_num_ = bottom[0]->num();
    asb_dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    asb_stat_.Reshape(1, 1, 1, 2);
  }
  virtual inline const char* type() const { return "MutAStepsBack"; }
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    this->blobs_.resize(1);
    this->blobs_[0].reset(new Blob<Dtype>(1, 1, 1, bottom[0]->count(1)));
    asb_flag_ = false;
  }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  Blob<Dtype> asb_stat_;
  bool asb_flag_;
  int asb_num_, asb_dim_;
};

template <typename Dtype>
void MutAStepsBackLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* out = top[0]->mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), out);
  // CGP-MUTANT: unsafe class=induction reason=unprovable-induction
  for (int n = 0; n < asb_num_; ++n) {
    out += asb_dim_;
    for (int k = 0; k < asb_dim_; ++k) {
      out[k - asb_dim_] += std::max(bottom_data[n * asb_dim_ + k], Dtype(0));
    }
    out -= asb_dim_;
  }
}

template <typename Dtype>
void MutAStepsBackLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutAStepsBackLayer);
REGISTER_LAYER_CLASS(MutAStepsBack);

}  // namespace caffe
