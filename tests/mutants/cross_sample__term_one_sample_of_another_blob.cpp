// Edit of ReLULayer that also writes the negated ReLU one *input* sample into the output's
// own sample (`top_data + n * top_dim + dim_`), but the output has the input's shape
// (`ReshapeLike`): that is the next sample. A term one sample long of another Blob was taken
// to stay inside. (red team, 2026-12-05, seventh round: came back parallel before. The
// CReLU-like layer whose output is twice as wide, where the same term stays inside, is
// rejected too now: the walk does not compare the two Blobs' sizes.)
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutXOtherTermLayer : public Layer<Dtype> {
 public:
  explicit MutXOtherTermLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutXOtherTerm"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutXOtherTermLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                            const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int top_dim = top[0]->count(1);
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + n * dim_;
    Dtype* out = top_data + n * top_dim;
    for (int i = 0; i < dim_; ++i) {
      out[i] = std::max(in[i], Dtype(0));
    }
    Dtype* neg = top_data + n * top_dim + dim_;
    for (int i = 0; i < dim_ && n + 1 < num_; ++i) {
      neg[i] = std::max(-in[i], Dtype(0));
    }
  }
}

INSTANTIATE_CLASS(MutXOtherTermLayer);
REGISTER_LAYER_CLASS(MutXOtherTerm);

}  // namespace caffe
