// From SigmoidLayer::Forward_cpu (caffe_src/src/caffe/layers/sigmoid_layer.cpp).
// Edit (fourteenth red team): `filters::Smooth(...)`, a free function that also adds into the
// previous sample's last output, is called where the layer has a method Smooth of its own;
// a call qualified by a namespace was walked as the method.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

namespace filters {
template <typename Dtype>
void Smooth(const Dtype* x, Dtype* y, int dim) {
  for (int k = 0; k < dim; ++k) {
    y[k] = x[k];
  }
  y[-1] += x[0];
}
}  // namespace filters

template <typename Dtype>
class MutSNsSmoothLayer : public Layer<Dtype> {
 public:
  explicit MutSNsSmoothLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSNsSmooth"; }
  void Smooth(const Dtype* x, Dtype* y, int dim) {
    for (int k = 0; k < dim; ++k) {
      y[k] = x[k];
    }
  }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
  Blob<Dtype> scratch_;
};

template <typename Dtype>
void MutSNsSmoothLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    if (n > 0) {
      filters::Smooth(bottom_data + n * dim_, top_data + n * dim_, dim_);
    } else {
      this->Smooth(bottom_data + n * dim_, top_data + n * dim_, dim_);
    }
  }
}

template <typename Dtype>
void MutSNsSmoothLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSNsSmoothLayer);
REGISTER_LAYER_CLASS(MutSNsSmooth);

}  // namespace caffe
