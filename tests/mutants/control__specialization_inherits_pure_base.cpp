// From SigmoidLayer::Forward_cpu (caffe_src/src/caffe/layers/sigmoid_layer.cpp).
// Control (twenty-second round): the float and double specializations of the activation
// inherit apply from a pure base, through a using-declaration for double; the loop keeps a
// local of type Dtype and a std::vector<Dtype> of its own. Parallel.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

struct Mut22ACpPure {
  static double apply(double x) { return 0.5 * x; }
};
template <typename T>
struct Mut22ACpAct {
  static T apply(T x) { return x * 2; }
};
template <>
struct Mut22ACpAct<float> : Mut22ACpPure {};
template <>
struct Mut22ACpAct<double> : Mut22ACpPure {
  using Mut22ACpPure::apply;
};

template <typename Dtype>
class Mut22ACtlSpecPureLayer : public Layer<Dtype> {
 public:
  explicit Mut22ACtlSpecPureLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "Mut22ACtlSpecPure"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const Dtype* bottom_data = bottom[0]->cpu_data();
    Dtype* top_data = top[0]->mutable_cpu_data();
    // CGP-MUTANT: control
    for (int n = 0; n < num_; ++n) {
      for (int k = 0; k < dim_; ++k) {
        top_data[n * dim_ + k] = Dtype(Mut22ACpAct<Dtype>::apply(bottom_data[n * dim_ + k]));
      }
    }
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int num_, dim_;
};

INSTANTIATE_CLASS(Mut22ACtlSpecPureLayer);
REGISTER_LAYER_CLASS(Mut22ACtlSpecPure);
}  // namespace caffe
