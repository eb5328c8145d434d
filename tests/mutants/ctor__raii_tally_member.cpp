// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp).
// Edit: dead-unit bookkeeping done RAII-style: a small scope object, built at the top of each
// sample with a pointer to the layer's member counter and the sample's output slice, counts
// the zero outputs of the slice when the sample's scope ends (its destructor) and adds them
// to the member. The destructor runs once per sample and every one adds into the same member.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSDeadTally {
 public:
  MutSDeadTally(long* total, const Dtype* out, int count)
      : total_(total), out_(out), count_(count) {}
  ~MutSDeadTally() {
    for (int i = 0; i < count_; ++i) {
      if (out_[i] == 0) ++*total_;
    }
  }

 private:
  long* total_;
  const Dtype* out_;
  int count_;
};

template <typename Dtype>
class MutSDeadTallyReLULayer : public Layer<Dtype> {
 public:
  explicit MutSDeadTallyReLULayer(const LayerParameter& param)
      : Layer<Dtype>(param), dead_units_(0) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSDeadTallyReLU"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  long dead_units_;
  int num_, dim_;
};

template <typename Dtype>
void MutSDeadTallyReLULayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=member-write reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    MutSDeadTally<Dtype> tally(&dead_units_, top_data + n * dim_, dim_);
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = std::max(bottom_data[n * dim_ + k], Dtype(0));
    }
  }
}

INSTANTIATE_CLASS(MutSDeadTallyReLULayer);
REGISTER_LAYER_CLASS(MutSDeadTallyReLU);

}  // namespace caffe
