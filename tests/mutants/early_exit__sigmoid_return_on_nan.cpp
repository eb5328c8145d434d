// From caffe_src's SigmoidLayer (elementwise 1 / (1 + exp(-x))), walked sample by sample.
// Edit: the loop `return`s from Forward_cpu at the first sample that holds a NaN, leaving that
// sample and all later ones unwritten (a "fail soft" guard). Which samples are written
// depends on the data of the earlier ones: run in parallel, later samples would be written.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutNanGuardSigmoidLayer : public Layer<Dtype> {
 public:
  explicit MutNanGuardSigmoidLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutNanGuardSigmoid"; }
  virtual inline int ExactNumBottomBlobs() const { return 1; }
  virtual inline int ExactNumTopBlobs() const { return 1; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int num_;
  int dim_;
};

template <typename Dtype>
void MutNanGuardSigmoidLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                 const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), top_data);
  // CGP-MUTANT: unsafe class=early-exit reason=early-exit
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + n * dim_;
    Dtype* out = top_data + n * dim_;
    for (int k = 0; k < dim_; ++k) {
      if (in[k] != in[k]) return;  // NaN: the rest of the batch is garbage anyway
      out[k] = Dtype(1) / (Dtype(1) + std::exp(-in[k]));
    }
  }
}

INSTANTIATE_CLASS(MutNanGuardSigmoidLayer);
REGISTER_LAYER_CLASS(MutNanGuardSigmoid);

}  // namespace caffe
