// From SigmoidLayer::Forward_cpu (caffe_src/src/caffe/layers/sigmoid_layer.cpp).
// Edit (fourteenth red team): a layout object's own `offset(n)`, `(n / 2) * dim` (two samples
// share a slice), called on an element of a member vector, was taken for Blob::offset(n),
// sample n's slice: any call named offset on an object whose type the walk did not look up.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

struct PairLayout {
  int dim;
  int offset(int n) const { return (n / 2) * dim; }
};

template <typename Dtype>
class MutSOwnOffsetLayer : public Layer<Dtype> {
 public:
  explicit MutSOwnOffsetLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    layouts_.assign(1, PairLayout{dim_});
  }
  virtual inline const char* type() const { return "MutSOwnOffset"; }
  std::vector<PairLayout> layouts_;

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
  Blob<Dtype> scratch_;
};

template <typename Dtype>
void MutSOwnOffsetLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=cross-sample reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    Dtype* out = top_data + layouts_[0].offset(n);
    for (int k = 0; k < dim_; ++k) {
      out[k] = Dtype(1) / (Dtype(1) + std::exp(-bottom_data[n * dim_ + k]));
    }
  }
}

template <typename Dtype>
void MutSOwnOffsetLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSOwnOffsetLayer);
REGISTER_LAYER_CLASS(MutSOwnOffset);

}  // namespace caffe
