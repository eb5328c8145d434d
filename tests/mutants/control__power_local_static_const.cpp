// Control, the legal twin of local_static__sigmoid_lazy_table: from caffe_src's PowerLayer
// family, a GELU-like smooth activation evaluated through a helper that reads polynomial
// coefficients from a function-local `static const` array, initialized at compile time and
// never written. Every sample only reads it: the samples stay independent.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutPolyActivationLayer : public Layer<Dtype> {
 public:
  explicit MutPolyActivationLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutPolyActivation"; }
  virtual inline int ExactNumBottomBlobs() const { return 1; }
  virtual inline int ExactNumTopBlobs() const { return 1; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Dtype smooth_gate(const Dtype x) const;

  int num_;
  int dim_;
};

// x * sigmoid(p(x)), p a cubic fit of 1.702 * x.
template <typename Dtype>
Dtype MutPolyActivationLayer<Dtype>::smooth_gate(const Dtype x) const {
  static const double kCoeff[4] = {0.0, 1.702, 0.0, 0.0045};
  const double p = kCoeff[0] + x * (kCoeff[1] + x * (kCoeff[2] + x * kCoeff[3]));
  return x / (Dtype(1) + std::exp(static_cast<Dtype>(-p)));
}

template <typename Dtype>
void MutPolyActivationLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + n * dim_;
    Dtype* out = top_data + n * dim_;
    for (int k = 0; k < dim_; ++k) {
      out[k] = this->smooth_gate(in[k]);
    }
  }
}

INSTANTIATE_CLASS(MutPolyActivationLayer);
REGISTER_LAYER_CLASS(MutPolyActivation);

}  // namespace caffe
