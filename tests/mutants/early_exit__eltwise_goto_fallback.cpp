// From caffe_src's EltwiseLayer, PROD operation (top = bottom[0] .* bottom[1]), walked per
// sample so that the products of each sample can be checked.
// Edit: when a sample's product underflows to all zeros, the loop jumps with `goto` to a
// fallback after the loop that recomputes the whole batch as a SUM instead. The jump leaves
// the loop at a sample chosen by the data: later samples must not run, which a parallel
// loop cannot honour (and OpenMP forbids branching out of a region).
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutProdFallbackEltwiseLayer : public Layer<Dtype> {
 public:
  explicit MutProdFallbackEltwiseLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    CHECK(bottom[0]->shape() == bottom[1]->shape()) << "the bottoms must have one shape";
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutProdFallbackEltwise"; }
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
void MutProdFallbackEltwiseLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                     const vector<Blob<Dtype>*>& top) {
  const Dtype* a = bottom[0]->cpu_data();
  const Dtype* b = bottom[1]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=early-exit reason=early-exit
  for (int n = 0; n < num_; ++n) {
    Dtype* out = top_data + n * dim_;
    caffe_mul(dim_, a + n * dim_, b + n * dim_, out);
    if (caffe_cpu_asum(dim_, out) == Dtype(0)) goto sum_fallback;
  }
  return;
sum_fallback:
  caffe_add(top[0]->count(), a, b, top_data);
}

INSTANTIATE_CLASS(MutProdFallbackEltwiseLayer);
REGISTER_LAYER_CLASS(MutProdFallbackEltwise);

}  // namespace caffe
