// Control (round 24): the C library's trigonometric and rounding functions are values of
// their arguments. A cosine-margin layer's angle, written as a batch loop: each sample reads
// its own slice and writes its own. Before, `cos`, `acos`, `acosf` and `floorf` were unknown
// calls, and a fork's cosine/arccos layers were rejected for them.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class Mut24TrigLayer : public Layer<Dtype> {
 public:
  explicit Mut24TrigLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "Mut24Trig"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void Mut24TrigLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                        const vector<Blob<Dtype>*>& top) {
  const Dtype* x = bottom[0]->cpu_data();
  Dtype* y = top[0]->mutable_cpu_data();
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      const Dtype c = std::min(Dtype(1), std::max(Dtype(-1), x[n * dim_ + k]));
      const float turns = floorf(acosf(static_cast<float>(c)) / 3.14159265f * 4.0f);
      y[n * dim_ + k] = cos(Dtype(4) * acos(c)) + sin(Dtype(turns)) * atan2(c, Dtype(1));
    }
  }
}

INSTANTIATE_CLASS(Mut24TrigLayer);
REGISTER_LAYER_CLASS(Mut24Trig);

}  // namespace caffe
