// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp), as a packer.
// Edit: the output pointer of a "drop ignored samples" pack is advanced with
// `out = out + dim_` (not `+=`), only for kept samples: where sample n writes depends on how
// many earlier samples were kept.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRReassignAdvanceLayer : public Layer<Dtype> {
 public:
  explicit MutRReassignAdvanceLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutRReassignAdvance"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, dim_;
};

template <typename Dtype>
void MutRReassignAdvanceLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* label = bottom[1]->cpu_data();
  Dtype* out = top[0]->mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), out);
  // CGP-MUTANT: unsafe class=skipped-increment reason=unprovable-induction
  for (int n = 0; n < num_; ++n) {
    if (static_cast<int>(label[n]) < 0) continue;
    for (int k = 0; k < dim_; ++k) out[k] = std::max(bottom_data[n * dim_ + k], Dtype(0));
    out = out + dim_;
  }
}

INSTANTIATE_CLASS(MutRReassignAdvanceLayer);
REGISTER_LAYER_CLASS(MutRReassignAdvance);

}  // namespace caffe
