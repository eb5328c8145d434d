// From MutBForwardDiffLayer__reads_next_top.cpp's temporal difference (frames along the batch
// axis), red team 21c family 4 in a batch loop. Edit: the input is read through a copy of the
// bottom vector, and each frame takes the next frame's data (wrapping). Run in place, frame n
// reads frame n+1, which another part may already have overwritten; the copy hid the input
// slot, so no run-time check was emitted.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutUnplacedNextFrameCopyLayer : public Layer<Dtype> {
 public:
  explicit MutUnplacedNextFrameCopyLayer(const LayerParameter& param)
      : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutUnplacedNextFrameCopy"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutUnplacedNextFrameCopyLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  vector<Blob<Dtype>*> ins(bottom.begin(), bottom.end());
  const Dtype* bottom_data = ins[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=aliasing reason=aliasing
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = bottom_data[((n + 1) % num_) * dim_ + k] - bottom_data[n * dim_ + k];
    }
  }
}

INSTANTIATE_CLASS(MutUnplacedNextFrameCopyLayer);
REGISTER_LAYER_CLASS(MutUnplacedNextFrameCopy);

}  // namespace caffe
