// From EltwiseLayer's SUM (caffe_src/src/caffe/layers/eltwise_layer.cpp): top = sum of the
// bottoms, with caffe_axpy. Edit: a cumulative-sum layer along the batch axis (the running
// total of per-step rewards laid out along axis 0): top[n] = top[n - 1] + bottom[n]. Each
// sample's output is built from the previous sample's output, a prefix sum across the batch.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutBCumSumLayer : public Layer<Dtype> {
 public:
  explicit MutBCumSumLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count() / num_;
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutBCumSum"; }
  virtual inline int ExactNumBottomBlobs() const { return 1; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutBCumSumLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                         const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=recurrence reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      const Dtype before = (n > 0) ? top_data[(n - 1) * dim_ + k] : Dtype(0);
      top_data[n * dim_ + k] = before + bottom_data[n * dim_ + k];
    }
  }
}

INSTANTIATE_CLASS(MutBCumSumLayer);
REGISTER_LAYER_CLASS(MutBCumSum);

}  // namespace caffe
