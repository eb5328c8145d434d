// Control for Mut24DRegrownPadLayer: the same private pad in a base, grown in Reshape and
// then taken mutably there (zeroed after the Reshape), as BVLC's layers set up their
// multipliers. Layer::Forward runs Reshape before Forward_cpu, so the pad is at the CPU
// and its helper's cpu_data() only reads its state: the loop stays parallel.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class Mut24DSettledPadBase : public Layer<Dtype> {
 public:
  explicit Mut24DSettledPadBase(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    pad_.Reshape(1, 1, 1, 1);
    caffe_set(1, Dtype(0), pad_.mutable_cpu_data());
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    pad_.Reshape(1, 1, 1, dim_);
    caffe_set(dim_, Dtype(0), pad_.mutable_cpu_data());
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
class Mut24DSettledPadLayer : public Mut24DSettledPadBase<Dtype> {
 public:
  explicit Mut24DSettledPadLayer(const LayerParameter& param)
      : Mut24DSettledPadBase<Dtype>(param) {}
  virtual inline const char* type() const { return "Mut24DSettledPad"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
};

template <typename Dtype>
void Mut24DSettledPadLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: control
  for (int n = 0; n < this->num_; ++n) {
    this->AddPad(bottom_data + n * this->dim_, top_data + n * this->dim_);
  }
}

INSTANTIATE_CLASS(Mut24DSettledPadBase);
INSTANTIATE_CLASS(Mut24DSettledPadLayer);
REGISTER_LAYER_CLASS(Mut24DSettledPad);
}  // namespace caffe
