// From EltwiseLayer's SUM (caffe_src/src/caffe/layers/eltwise_layer.cpp), across time.
// Edit: a "temporal spread" layer for time-major batches: each sample adds half of itself to
// the next sample's output. The author writes the neighbour through the sample's own output
// pointer plus one sample size (`out + dim_`), not through `(n + 1) * dim_`. Sample n writes
// into sample n+1's slice, which sample n+1 also writes.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRSpreadNextLayer : public Layer<Dtype> {
 public:
  explicit MutRSpreadNextLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutRSpreadNext"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, dim_;
};

template <typename Dtype>
void MutRSpreadNextLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                             const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), top_data);
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + n * dim_;
    Dtype* out = top_data + n * dim_;
    caffe_axpy(dim_, Dtype(1), in, out);
    if (n + 1 < num_) {
      caffe_axpy(dim_, Dtype(0.5), in, out + dim_);
    }
  }
}

INSTANTIATE_CLASS(MutRSpreadNextLayer);
REGISTER_LAYER_CLASS(MutRSpreadNext);

}  // namespace caffe
