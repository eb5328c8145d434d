// Control, the legal twin of MutBRunningNorm (a scalar carried across samples). From
// PowerLayer / caffe_cpu_scale (caffe_src/src/caffe/layers/power_layer.cpp): per-sample L2
// normalization, y_n = x_n / sqrt(|x_n|^2 + eps). The scalar `energy` is declared before
// the loop, but every iteration assigns it before reading it and nothing reads it after
// the loop: each sample has its own value (a private scalar).
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutBSampleNormLayer : public Layer<Dtype> {
 public:
  explicit MutBSampleNormLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom,
                          const vector<Blob<Dtype>*>& top) {
    eps_ = this->layer_param_.batch_norm_param().eps();
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    outer_num_ = bottom[0]->count(0, 1);
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutBSampleNorm"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Dtype eps_;
  int outer_num_;
  int dim_;
};

template <typename Dtype>
void MutBSampleNormLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                             const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype energy;
  // CGP-MUTANT: control
  for (int i = 0; i < outer_num_; ++i) {
    const Dtype* in = bottom_data + i * dim_;
    energy = 0;
    for (int k = 0; k < dim_; ++k) {
      energy += in[k] * in[k];
    }
    const Dtype gain = Dtype(1) / std::sqrt(energy + eps_);
    caffe_cpu_scale(dim_, gain, in, top_data + i * dim_);
  }
}

INSTANTIATE_CLASS(MutBSampleNormLayer);
REGISTER_LAYER_CLASS(MutBSampleNorm);

}  // namespace caffe
