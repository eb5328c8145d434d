// Control: BiasLayer's forward, a gemm per sample whose rows are the bias's count (a
// parameter's whole count, not a total over the batch) and whose columns the inner size.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutCBiasGemmLayer : public Layer<Dtype> {
 public:
  explicit MutCBiasGemmLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutCBiasGemm"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
  Blob<Dtype> ones_;
};

template <typename Dtype>
void MutCBiasGemmLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                           const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const Dtype* bias = this->blobs_[0]->cpu_data();
  const Dtype* ones = ones_.cpu_data();
  const int bias_dim = this->blobs_[0]->count();
  const int inner = bottom[0]->count(2);
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    caffe_cpu_gemm<Dtype>(CblasNoTrans, CblasNoTrans, bias_dim, inner, 1, Dtype(1), bias, ones,
                          Dtype(1), top_data + n * dim_);
  }
}

INSTANTIATE_CLASS(MutCBiasGemmLayer);
REGISTER_LAYER_CLASS(MutCBiasGemm);

}  // namespace caffe
