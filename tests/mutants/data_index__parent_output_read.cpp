// From EltwiseLayer's SUM (caffe_src/src/caffe/layers/eltwise_layer.cpp), over a tree.
// Edit: a tree-propagation layer: the batch holds the nodes of a tree in topological order
// and bottom[1] gives each node's parent (an earlier sample, -1 for the root); a node's output
// is its input plus its parent's output scaled by a decay. Sample n reads top at the row of
// sample parent[n], which that sample's iteration writes.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRTreePropagateLayer : public Layer<Dtype> {
 public:
  explicit MutRTreePropagateLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    decay_ = this->layer_param_.power_param().scale();
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutRTreePropagate"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Dtype decay_;
  int num_, dim_;
};

template <typename Dtype>
void MutRTreePropagateLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* parents = bottom[1]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=recurrence reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const int parent = static_cast<int>(parents[n]);
    for (int k = 0; k < dim_; ++k) {
      Dtype y = bottom_data[n * dim_ + k];
      if (parent >= 0) y += decay_ * top_data[parent * dim_ + k];
      top_data[n * dim_ + k] = y;
    }
  }
}

INSTANTIATE_CLASS(MutRTreePropagateLayer);
REGISTER_LAYER_CLASS(MutRTreePropagate);

}  // namespace caffe
