// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp), red team 21c family
// 4's control. Edit: the input is read through a copy of the bottom vector (a Blob the walk
// cannot place), but only in the sample's own slice, cut as the output is: were it top[0]
// itself (in place), each sample reads only what it writes.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutUnplacedReluCopyLayer : public Layer<Dtype> {
 public:
  explicit MutUnplacedReluCopyLayer(const LayerParameter& param)
      : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutUnplacedReluCopy"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutUnplacedReluCopyLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  vector<Blob<Dtype>*> ins(bottom.begin(), bottom.end());
  const Dtype* bottom_data = ins[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = std::max(bottom_data[n * dim_ + k], Dtype(0));
    }
  }
}

INSTANTIATE_CLASS(MutUnplacedReluCopyLayer);
REGISTER_LAYER_CLASS(MutUnplacedReluCopy);

}  // namespace caffe
