// Edit of ReLULayer whose output is then overwritten by a gemv of dim_ x 2 dim_ whose
// transpose flag is a member's choice: transposed, y is 2 dim_ long and reaches the next
// sample. (red team, 2026-12-05, sixth round: came back parallel before)
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutEGemvFlagLayer : public Layer<Dtype> {
 public:
  explicit MutEGemvFlagLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutEGemvFlag"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
  bool transpose_;
  Blob<Dtype> weights_;
};

template <typename Dtype>
void MutEGemvFlagLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                           const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + n * dim_;
    Dtype* out = top_data + n * dim_;
    for (int i = 0; i < dim_; ++i) {
      out[i] = std::max(in[i], Dtype(0));
    }
    caffe_cpu_gemv<Dtype>(transpose_ ? CblasTrans : CblasNoTrans, dim_, 2 * dim_, Dtype(1),
                          weights_.cpu_data(), in, Dtype(0), out);
  }
}

INSTANTIATE_CLASS(MutEGemvFlagLayer);
REGISTER_LAYER_CLASS(MutEGemvFlag);

}  // namespace caffe
