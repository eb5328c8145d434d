// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp), as a packer.
// Control (twenty-first red team, stride_zero_guarded_step): an inner loop whose trip, `flag_ ?
// dim_ : 0`, may be 0 both stores through out and steps it: no sample stores where out does not
// move. Stays parallel.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutAIdleLoopInsideCtlLayer : public Layer<Dtype> {
 public:
  explicit MutAIdleLoopInsideCtlLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    ailc_num_ = bottom[0]->num();
    ailc_dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    ailc_stat_.Reshape(1, 1, 1, 2);
  }
  virtual inline const char* type() const { return "MutAIdleLoopInsideCtl"; }
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    this->blobs_.resize(1);
    this->blobs_[0].reset(new Blob<Dtype>(1, 1, 1, bottom[0]->count(1)));
    ailc_flag_ = false;
  }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  Blob<Dtype> ailc_stat_;
  bool ailc_flag_;
  int ailc_num_, ailc_dim_;
};

template <typename Dtype>
void MutAIdleLoopInsideCtlLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* out = top[0]->mutable_cpu_data();
  // CGP-MUTANT: control
  for (int n = 0; n < ailc_num_; ++n) {
    for (int k = 0; k < (ailc_flag_ ? ailc_dim_ : 0); ++k) {
      *out = std::max(bottom_data[n * ailc_dim_ + k], Dtype(0));
      ++out;
    }
  }
}

template <typename Dtype>
void MutAIdleLoopInsideCtlLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutAIdleLoopInsideCtlLayer);
REGISTER_LAYER_CLASS(MutAIdleLoopInsideCtl);

}  // namespace caffe
