// A sample-indexed loop (round 26, inner indices shifted or bounded by a local): unsafe: `int end = dim; end = end + 1;`
// then `k < end` writes at k = dim.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class Mut26BoundSteppedLayer : public Layer<Dtype> {
 public:
  explicit Mut26BoundSteppedLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    channels_ = bottom[0]->count(1);
    spatial_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    top[1]->Reshape(num_, 1, 1, 1);
  }
  virtual inline const char* type() const { return "Mut26BoundStepped"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, channels_, spatial_;
  Blob<Dtype> scratch_;
};

template <typename Dtype>
void Mut26BoundSteppedLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* norm = top[1]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    int end = channels_;
    end = end + 1;
    for (int k = 0; k < end; ++k) {
      top_data[n * channels_ + k] = Dtype(2);
    }
    Dtype acc = 0;
    for (int s = 0; s < spatial_; ++s) {
      acc += bottom_data[n * channels_ + s];
    }
    norm[n] = acc;
  }
}

template <typename Dtype>
void Mut26BoundSteppedLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(Mut26BoundSteppedLayer);
REGISTER_LAYER_CLASS(Mut26BoundStepped);

}  // namespace caffe
