// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp), as a packer.
// Edit (twenty-first red team, stride_zero_guarded_step): the pointer is stepped by an inner
// loop whose trip, `flag_ ? dim_ : 0`, may be 0, while the sample's value is stored at out[0]
// outside that loop: with the flag false out never moves and every sample stores into element 0.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutAIdleStepLoopLayer : public Layer<Dtype> {
 public:
  explicit MutAIdleStepLoopLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    aisl_num_ = bottom[0]->num();
    aisl_dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    aisl_stat_.Reshape(1, 1, 1, 2);
  }
  virtual inline const char* type() const { return "MutAIdleStepLoop"; }
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    this->blobs_.resize(1);
    this->blobs_[0].reset(new Blob<Dtype>(1, 1, 1, bottom[0]->count(1)));
    aisl_flag_ = false;
  }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  Blob<Dtype> aisl_stat_;
  bool aisl_flag_;
  int aisl_num_, aisl_dim_;
};

template <typename Dtype>
void MutAIdleStepLoopLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* out = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=induction reason=unprovable-induction
  for (int n = 0; n < aisl_num_; ++n) {
    out[0] = std::max(bottom_data[n * aisl_dim_], Dtype(0));
    for (int k = 0; k < (aisl_flag_ ? aisl_dim_ : 0); ++k) {
      ++out;
    }
  }
}

template <typename Dtype>
void MutAIdleStepLoopLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutAIdleStepLoopLayer);
REGISTER_LAYER_CLASS(MutAIdleStepLoop);

}  // namespace caffe
