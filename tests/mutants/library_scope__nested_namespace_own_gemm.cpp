// Edit of an inner-product-like layer moved into a namespace of its own, caffe::scope_tally,
// that keeps a profiled caffe_cpu_gemm (it counts its calls in a namespace-scope variable,
// then calls caffe's). The unqualified `caffe_cpu_gemm<Dtype>(...)` in the layer finds
// scope_tally::caffe_cpu_gemm: each sample's call bumps the shared counter.
// (red team, 2026-12-06, twenty-first round, family 1: the call was taken for caffe's, and a
// gemm over the batch was replaced by the runtime's, so the tree's function never ran)
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {
namespace scope_tally {

int g_scope_tally_gemms = 0;

template <typename Dtype>
void caffe_cpu_gemm(const CBLAS_TRANSPOSE TransA, const CBLAS_TRANSPOSE TransB, const int M,
                    const int N, const int K, const Dtype alpha, const Dtype* A, const Dtype* B,
                    const Dtype beta, Dtype* C) {
  ++g_scope_tally_gemms;
  caffe::caffe_cpu_gemm<Dtype>(TransA, TransB, M, N, K, alpha, A, B, beta, C);
}

template <typename Dtype>
class MutXTallyProjectLayer : public Layer<Dtype> {
 public:
  explicit MutXTallyProjectLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    this->blobs_.resize(1);
    vector<int> shape(2, bottom[0]->count(1));
    this->blobs_[0].reset(new Blob<Dtype>(shape));
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutXTallyProject"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int dim_;
};

template <typename Dtype>
void MutXTallyProjectLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                               const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* weight = this->blobs_[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int num = bottom[0]->num();
  // CGP-MUTANT: unsafe class=global-state reason=global-state
  for (int n = 0; n < num; ++n) {
    caffe_cpu_gemm<Dtype>(CblasNoTrans, CblasTrans, 1, dim_, dim_, Dtype(1),
                          bottom_data + n * dim_, weight, Dtype(0), top_data + n * dim_);
  }
}

INSTANTIATE_CLASS(MutXTallyProjectLayer);
REGISTER_LAYER_CLASS(MutXTallyProject);

}  // namespace scope_tally
}  // namespace caffe
