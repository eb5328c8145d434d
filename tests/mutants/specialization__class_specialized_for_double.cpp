// From SigmoidLayer::Forward_cpu (caffe_src/src/caffe/layers/sigmoid_layer.cpp).
// Edit (tenth red team): the activation goes through a helper class, Squash<Dtype>::apply,
// whose specialization for double smooths with the previous input, kept in a global. The
// analysis followed the primary template's member only, never a specialization of the class.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
struct Squash {
  static Dtype apply(Dtype x) { return Dtype(1) / (Dtype(1) + std::exp(-x)); }
};

static double g_squash_previous = 0;

template <>
struct Squash<double> {
  static double apply(double x) {
    const double smoothed = 0.5 * (x + g_squash_previous);
    g_squash_previous = x;
    return 1.0 / (1.0 + std::exp(-smoothed));
  }
};

template <typename Dtype>
class MutSSquashSpecLayer : public Layer<Dtype> {
 public:
  explicit MutSSquashSpecLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSSquashSpec"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
};

template <typename Dtype>
void MutSSquashSpecLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=global-state reason=global-state
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = Squash<Dtype>::apply(bottom_data[n * dim_ + k]);
    }
  }
}

template <typename Dtype>
void MutSSquashSpecLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSSquashSpecLayer);
REGISTER_LAYER_CLASS(MutSSquashSpec);

}  // namespace caffe
