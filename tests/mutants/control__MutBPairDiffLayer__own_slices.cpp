// Control, the legal twin of MutBForwardDiff / MutBCumSum. From EltwiseLayer
// (caffe_src/src/caffe/layers/eltwise_layer.cpp), operation SUM with coefficients {1, -1}:
// top = bottom[0] - bottom[1], written as a batch loop. Each iteration reads only sample n
// of both bottoms and writes only sample n of top: the samples are independent.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutBPairDiffLayer : public Layer<Dtype> {
 public:
  explicit MutBPairDiffLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    CHECK(bottom[0]->shape() == bottom[1]->shape());
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutBPairDiff"; }
  virtual inline int ExactNumBottomBlobs() const { return 2; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutBPairDiffLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                           const vector<Blob<Dtype>*>& top) {
  const Dtype* a = bottom[0]->cpu_data();
  const Dtype* b = bottom[1]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = a[n * dim_ + k] - b[n * dim_ + k];
    }
  }
}

INSTANTIATE_CLASS(MutBPairDiffLayer);
REGISTER_LAYER_CLASS(MutBPairDiff);

}  // namespace caffe
