// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp), as a packer.
// Edit: like a "drop the ignored samples" pack, but the author computes the skip test into a
// flag declared before the loop (reused by every sample) and advances the output pointer only
// when the flag is clear. Where sample n writes depends on how many earlier samples were
// kept.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRPackKeptLayer : public Layer<Dtype> {
 public:
  explicit MutRPackKeptLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutRPackKept"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, dim_;
};

template <typename Dtype>
void MutRPackKeptLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                           const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* label = bottom[1]->cpu_data();
  Dtype* out = top[0]->mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), out);
  bool dropped = false;
  // CGP-MUTANT: unsafe class=skipped-increment reason=unprovable-induction
  for (int i = 0; i < num_; ++i) {
    dropped = static_cast<int>(label[i]) < 0;
    if (!dropped) {
      for (int k = 0; k < dim_; ++k) {
        out[k] = std::max(bottom_data[i * dim_ + k], Dtype(0));
      }
      out += dim_;
    }
  }
}

INSTANTIATE_CLASS(MutRPackKeptLayer);
REGISTER_LAYER_CLASS(MutRPackKept);

}  // namespace caffe
