// From SigmoidLayer::Forward_cpu (caffe_src/src/caffe/layers/sigmoid_layer.cpp).
// Edit: saturation monitoring. A helper returns the sample's fraction of saturated units and
// also keeps the worst fraction seen in a member; the author calls it in the condition of a
// LOG_IF so that a warning is printed for badly saturated samples. LOG_IF evaluates its
// condition on every sample, so every sample reads and writes the same member.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSSaturationLogLayer : public Layer<Dtype> {
 public:
  explicit MutSSaturationLogLayer(const LayerParameter& param)
      : Layer<Dtype>(param), worst_saturation_(0) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSSaturationLog"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Dtype Saturation(const Dtype* y) {
    int saturated = 0;
    for (int k = 0; k < dim_; ++k) {
      if (y[k] < Dtype(0.01) || y[k] > Dtype(0.99)) ++saturated;
    }
    const Dtype frac = Dtype(saturated) / dim_;
    if (frac > worst_saturation_) worst_saturation_ = frac;
    return frac;
  }
  Dtype worst_saturation_;
  int num_, dim_;
};

template <typename Dtype>
void MutSSaturationLogLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=member-write reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = Dtype(1) / (Dtype(1) + std::exp(-bottom_data[n * dim_ + k]));
    }
    LOG_IF(WARNING, this->Saturation(top_data + n * dim_) > Dtype(0.5))
        << "sample " << n << " is mostly saturated";
  }
}

INSTANTIATE_CLASS(MutSSaturationLogLayer);
REGISTER_LAYER_CLASS(MutSSaturationLog);

}  // namespace caffe
