// A sample-indexed loop that writes its output and sums it (round 25, one buffer cut two
// ways): written through `offset(n)`, read at `n * count(2)`.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class Mut25OffsetCallLayer : public Layer<Dtype> {
 public:
  explicit Mut25OffsetCallLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    channels_ = bottom[0]->channels();
    spatial_ = bottom[0]->count(2);
    top[0]->ReshapeLike(*bottom[0]);
    top[1]->Reshape(num_, 1, 1, 1);
  }
  virtual inline const char* type() const { return "Mut25OffsetCall"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, channels_, spatial_;
  Blob<Dtype> scratch_;
};

template <typename Dtype>
void Mut25OffsetCallLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* norm = top[1]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    Dtype* t = top_data + top[0]->offset(n);
    for (int k = 0; k < top[0]->count(1); ++k) {
      t[k] = bottom_data[bottom[0]->offset(n) + k] * Dtype(2);
    }
    Dtype acc = 0;
    for (int s = 0; s < spatial_; ++s) {
      acc += top_data[n * spatial_ + s];
    }
    norm[n] = acc;
  }
}

template <typename Dtype>
void Mut25OffsetCallLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(Mut25OffsetCallLayer);
REGISTER_LAYER_CLASS(Mut25OffsetCall);

}  // namespace caffe
