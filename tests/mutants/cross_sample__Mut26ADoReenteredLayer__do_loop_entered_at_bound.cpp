// A sample-indexed loop (round 26, a do loop entered again with its counter at the bound):
// `int k = 0; for (c < 2) do { top[n * dim + k] = ...; ++k; } while (k < dim);`: the second pass
// runs its body once with k == dim, the next sample's first element.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class Mut26ADoReenteredLayer : public Layer<Dtype> {
 public:
  explicit Mut26ADoReenteredLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    channels_ = bottom[0]->channels();
    dim_ = bottom[0]->count(1);
    spatial_ = bottom[0]->count(2);
    top[0]->Reshape(num_ + 1, bottom[0]->channels(), bottom[0]->height(), bottom[0]->width());
  }
  virtual inline const char* type() const { return "Mut26ADoReentered"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, channels_, dim_, spatial_;
};

template <typename Dtype>
void Mut26ADoReenteredLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int dim = dim_;
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    int k = 0;
    for (int c = 0; c < 2; ++c) {
      do {
        top_data[n * dim + k] = bottom_data[n * dim + c];
        ++k;
      } while (k < dim);
    }
  }
}

INSTANTIATE_CLASS(Mut26ADoReenteredLayer);
REGISTER_LAYER_CLASS(Mut26ADoReentered);

}  // namespace caffe
