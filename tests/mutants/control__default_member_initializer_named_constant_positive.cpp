// From SigmoidLayer::Forward_cpu (caffe_src/src/caffe/layers/sigmoid_layer.cpp).
// Control (eighteenth round): `out[first_]` with `int first_ = kFirst;` (0): the sample's own
// first element. The initializer is lowered like any expression now; this one stays parallel.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

const int kFirst = 0;

template <typename Dtype>
class MutSNsdmiFirstLayer : public Layer<Dtype> {
 public:
  explicit MutSNsdmiFirstLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSNsdmiFirst"; }
  int first_ = kFirst;

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
  Blob<Dtype> scratch_;
};

template <typename Dtype>
void MutSNsdmiFirstLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    Dtype* out = top_data + n * dim_;
    for (int k = 0; k < dim_; ++k) {
      out[k] = Dtype(1) / (Dtype(1) + std::exp(-bottom_data[n * dim_ + k]));
    }
    if (n > 0) {
      out[first_] += bottom_data[n * dim_];
    }
  }
}

template <typename Dtype>
void MutSNsdmiFirstLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSNsdmiFirstLayer);
REGISTER_LAYER_CLASS(MutSNsdmiFirst);

}  // namespace caffe
