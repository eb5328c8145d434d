// From EltwiseLayer SUM (caffe_src/src/caffe/layers/eltwise_layer.cpp), as overlap-add.
// Edit: an overlap-add of frames with a hop of one position: frame n (dim values) is added
// into top starting at position n, so top[n + k] receives frame n's k-th value. Frames overlap
// in all but one position: sample n accumulates into the elements samples n+1.. also update.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRUnitHopSumLayer : public Layer<Dtype> {
 public:
  explicit MutRUnitHopSumLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    top[0]->Reshape(vector<int>(1, num_ + dim_ - 1));
  }
  virtual inline const char* type() const { return "MutRUnitHopSum"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, dim_;
};

template <typename Dtype>
void MutRUnitHopSumLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), top_data);
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      top_data[n + k] += bottom_data[n * dim_ + k];
    }
  }
}

INSTANTIATE_CLASS(MutRUnitHopSumLayer);
REGISTER_LAYER_CLASS(MutRUnitHopSum);

}  // namespace caffe
