// Control (issue 25): the batch loop calls a pure helper defined in another source file of
// the tree (helper__soft_clip.cpp): followed like a helper of this file.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
Dtype mut_soft_clip(const Dtype x, const Dtype limit);

template <typename Dtype>
class MutSoftClipLayer : public Layer<Dtype> {
 public:
  explicit MutSoftClipLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSoftClip"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutSoftClipLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                          const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    for (int d = 0; d < dim_; ++d) {
      top_data[n * dim_ + d] = mut_soft_clip(bottom_data[n * dim_ + d], Dtype(3));
    }
  }
}

INSTANTIATE_CLASS(MutSoftClipLayer);
REGISTER_LAYER_CLASS(MutSoftClip);

}  // namespace caffe
