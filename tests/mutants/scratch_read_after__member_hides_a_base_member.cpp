// From SigmoidLayer (caffe_src/src/caffe/layers/sigmoid_layer.cpp), over a base of its own.
// Edit (fourteenth red team): the base holds per-feature weights in `buf_`, filled once, which
// its helper Apply reads; the subclass declares a scratch of its own named `buf_`, hiding the
// base's. The rewrite, keyed by the member's name, privatized the base's weights in Apply too:
// every thread but the first read an uncopied Blob.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSWeightBaseLayer : public Layer<Dtype> {
 public:
  explicit MutSWeightBaseLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    buf_.Reshape(1, 1, 1, bottom[0]->count(1));
    caffe_set(buf_.count(), Dtype(0.5), buf_.mutable_cpu_data());
  }
  virtual inline const char* type() const { return "MutSWeightBase"; }

 protected:
  void Apply(const Dtype* in, Dtype* out) {
    const Dtype* w = buf_.cpu_data();
    for (int k = 0; k < dim_; ++k) {
      out[k] = in[k] * w[k];
    }
  }
  Blob<Dtype> buf_;
  int dim_;
};

template <typename Dtype>
class MutSHidingLayer : public MutSWeightBaseLayer<Dtype> {
 public:
  explicit MutSHidingLayer(const LayerParameter& param) : MutSWeightBaseLayer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    MutSWeightBaseLayer<Dtype>::LayerSetUp(bottom, top);
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    this->dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    buf_.Reshape(1, 1, 1, this->dim_);
  }
  virtual inline const char* type() const { return "MutSHiding"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  Blob<Dtype> buf_;
};

template <typename Dtype>
void MutSHidingLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=scratch-read-after reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    Dtype* s = buf_.mutable_cpu_data();
    for (int k = 0; k < this->dim_; ++k) {
      s[k] = Dtype(1) / (Dtype(1) + std::exp(-bottom_data[n * this->dim_ + k]));
    }
    this->Apply(s, top_data + n * this->dim_);
  }
}

INSTANTIATE_CLASS(MutSWeightBaseLayer);
INSTANTIATE_CLASS(MutSHidingLayer);
REGISTER_LAYER_CLASS(MutSHiding);

}  // namespace caffe
