// From caffe_src's EltwiseLayer, SUM with coefficients (top = sum_i coeff_i * bottom_i), per
// sample, for two bottoms.
// Edit: the coefficient of bottom[1] is warmed up over the first calls: a helper returns it
// scaled by min(1, calls / warmup), counting its calls in a function-local `static int`. The
// helper is called once per sample, so the coefficient a sample gets depends on how many
// samples were processed before it: run in parallel, the order (and the count) changes.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutWarmupEltwiseLayer : public Layer<Dtype> {
 public:
  explicit MutWarmupEltwiseLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const EltwiseParameter& p = this->layer_param_.eltwise_param();
    coeff0_ = p.coeff_size() > 0 ? p.coeff(0) : Dtype(1);
    coeff1_ = p.coeff_size() > 1 ? p.coeff(1) : Dtype(1);
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    CHECK(bottom[0]->shape() == bottom[1]->shape()) << "the bottoms must have one shape";
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutWarmupEltwise"; }
  virtual inline int ExactNumBottomBlobs() const { return 2; }
  virtual inline int ExactNumTopBlobs() const { return 1; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Dtype warm_coeff();

  Dtype coeff0_, coeff1_;
  int num_;
  int dim_;
};

template <typename Dtype>
Dtype MutWarmupEltwiseLayer<Dtype>::warm_coeff() {
  static int calls = 0;
  ++calls;
  return coeff1_ * std::min(Dtype(1), Dtype(calls) / Dtype(10000));
}

template <typename Dtype>
void MutWarmupEltwiseLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                               const vector<Blob<Dtype>*>& top) {
  const Dtype* a = bottom[0]->cpu_data();
  const Dtype* b = bottom[1]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=local-static reason=global-state
  for (int n = 0; n < num_; ++n) {
    const Dtype c1 = this->warm_coeff();
    Dtype* out = top_data + n * dim_;
    for (int k = 0; k < dim_; ++k) {
      out[k] = coeff0_ * a[n * dim_ + k] + c1 * b[n * dim_ + k];
    }
  }
}

INSTANTIATE_CLASS(MutWarmupEltwiseLayer);
REGISTER_LAYER_CLASS(MutWarmupEltwise);

}  // namespace caffe
