// Control, the legal twin of skipped_increment__masked_softmax: from caffe_src's SoftmaxLayer
// (inner_num_ == 1), masked samples are skipped with `continue`, but the sample's input and
// output are addressed from n (bottom_data + n * dim_), not through advancing pointers. The
// `continue` skips only that sample's own work: the samples stay independent.
#include <algorithm>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutMaskedSoftmaxIndexedLayer : public Layer<Dtype> {
 public:
  explicit MutMaskedSoftmaxIndexedLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    CHECK_EQ(bottom[0]->num(), bottom[1]->count()) << "one mask value per sample";
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutMaskedSoftmaxIndexed"; }
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
void MutMaskedSoftmaxIndexedLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                      const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* mask = bottom[1]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), top_data);
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    if (mask[n] == Dtype(0)) continue;  // masked out: the top row stays zero
    const Dtype* in = bottom_data + n * dim_;
    Dtype* out = top_data + n * dim_;
    Dtype max_val = in[0];
    for (int k = 1; k < dim_; ++k) {
      max_val = std::max(max_val, in[k]);
    }
    Dtype sum = 0;
    for (int k = 0; k < dim_; ++k) {
      out[k] = std::exp(in[k] - max_val);
      sum += out[k];
    }
    for (int k = 0; k < dim_; ++k) {
      out[k] /= sum;
    }
  }
}

INSTANTIATE_CLASS(MutMaskedSoftmaxIndexedLayer);
REGISTER_LAYER_CLASS(MutMaskedSoftmaxIndexed);

}  // namespace caffe
