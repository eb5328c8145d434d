// A sample-indexed loop (round 26, a bound local given its value by an assignment, not its
// initializer): `int end = dim; if (x[0] > 0) end = dim + 1; for (k < end) top[n * dim + k] = 1;`:
// k reaches dim, the next sample's first element (`int end = dim + 1;` alone is rejected).
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class Mut26ABoundAssignedLayer : public Layer<Dtype> {
 public:
  explicit Mut26ABoundAssignedLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    channels_ = bottom[0]->channels();
    dim_ = bottom[0]->count(1);
    spatial_ = bottom[0]->count(2);
    top[0]->Reshape(num_ + 1, bottom[0]->channels(), bottom[0]->height(), bottom[0]->width());
  }
  virtual inline const char* type() const { return "Mut26ABoundAssigned"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, channels_, dim_, spatial_;
};

template <typename Dtype>
void Mut26ABoundAssignedLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int dim = dim_;
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int j = 0; j < dim; ++j) {
      top_data[n * dim + j] = Dtype(0);
    }
    int end = dim;
    if (bottom_data[n * dim] > Dtype(0)) end = dim + 1;
    for (int k = 0; k < end; ++k) {
      top_data[n * dim + k] += Dtype(1);
    }
  }
}

INSTANTIATE_CLASS(Mut26ABoundAssignedLayer);
REGISTER_LAYER_CLASS(Mut26ABoundAssigned);

}  // namespace caffe
