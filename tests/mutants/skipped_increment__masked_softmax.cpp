// From caffe_src's SoftmaxLayer (softmax over the channels of each sample, inner_num_ == 1).
// Edit: a second bottom holds a per-sample mask; masked samples are skipped with `continue`
// (their top stays zero), but the input and output pointers are advanced at the end of the
// body, after the `continue`. The pointers then advance only for the unmasked samples, so
// their value at sample n depends on the masks of all earlier samples: no closed form in n.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutMaskedSoftmaxLayer : public Layer<Dtype> {
 public:
  explicit MutMaskedSoftmaxLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    CHECK_EQ(bottom[0]->num(), bottom[1]->count()) << "one mask value per sample";
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutMaskedSoftmax"; }
  virtual inline int ExactNumBottomBlobs() const { return 2; }
  virtual inline int ExactNumTopBlobs() const { return 1; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int num_;
  int dim_;
};

template <typename Dtype>
void MutMaskedSoftmaxLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                               const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* mask = bottom[1]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), top_data);
  // CGP-MUTANT: unsafe class=skipped-increment reason=unprovable-induction
  for (int n = 0; n < num_; ++n) {
    if (mask[n] == Dtype(0)) continue;  // masked out: the top row stays zero
    Dtype max_val = bottom_data[0];
    for (int k = 1; k < dim_; ++k) {
      max_val = std::max(max_val, bottom_data[k]);
    }
    Dtype sum = 0;
    for (int k = 0; k < dim_; ++k) {
      top_data[k] = std::exp(bottom_data[k] - max_val);
      sum += top_data[k];
    }
    for (int k = 0; k < dim_; ++k) {
      top_data[k] /= sum;
    }
    bottom_data += dim_;
    top_data += dim_;
  }
}

INSTANTIATE_CLASS(MutMaskedSoftmaxLayer);
REGISTER_LAYER_CLASS(MutMaskedSoftmax);

}  // namespace caffe
