// From BiasLayer (caffe_src/src/caffe/layers/bias_layer.cpp), with a zero pad Blob.
// Round 24 (a shape seen in NVIDIA/caffe's and caffe-windows' layers: a member Blob set up in
// LayerSetUp and grown in Reshape, `x_.set_data(...)` in one, `x_.Reshape(...)` in the other).
// LayerSetUp takes `pad_`'s data mutably at one element; Reshape grows it to a sample's size,
// which gives it a new, unallocated SyncedMemory (Blob::Reshape past its capacity). The
// helper `AddPad`, called once per sample, reads `pad_.cpu_data()`: on the first call of the
// batch every thread finds the memory uninitialized, allocates and zero-fills its own buffer
// and stores it in the one `cpu_ptr_`; a thread may get another's pointer before that one's
// memset (garbage from the heap), and all but one buffer leak. "Reshape/LayerSetUp take it
// mutably" does not put the buffer at the CPU when a later Reshape reallocates it.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

// The pad and its helper live in a base whose member is private, so the loop's class cannot
// sync it before the region: the loop must be rejected.
template <typename Dtype>
class Mut24DRegrownPadBase : public Layer<Dtype> {
 public:
  explicit Mut24DRegrownPadBase(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    pad_.Reshape(1, 1, 1, 1);
    caffe_set(1, Dtype(0), pad_.mutable_cpu_data());
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    pad_.Reshape(1, 1, 1, dim_);
  }

 protected:
  void AddPad(const Dtype* in, Dtype* out) {
    caffe_add(dim_, in, pad_.cpu_data(), out);
  }
  int num_, dim_;

 private:
  Blob<Dtype> pad_;
};

template <typename Dtype>
class Mut24DRegrownPadLayer : public Mut24DRegrownPadBase<Dtype> {
 public:
  explicit Mut24DRegrownPadLayer(const LayerParameter& param)
      : Mut24DRegrownPadBase<Dtype>(param) {}
  virtual inline const char* type() const { return "Mut24DRegrownPad"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
};

template <typename Dtype>
void Mut24DRegrownPadLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=blob-state reason=blob-accessor
  for (int n = 0; n < this->num_; ++n) {
    this->AddPad(bottom_data + n * this->dim_, top_data + n * this->dim_);
  }
}

INSTANTIATE_CLASS(Mut24DRegrownPadBase);
INSTANTIATE_CLASS(Mut24DRegrownPadLayer);
REGISTER_LAYER_CLASS(Mut24DRegrownPad);
}  // namespace caffe
