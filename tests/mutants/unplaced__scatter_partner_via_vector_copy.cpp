// From the twentieth round's scatter-add (fixtures/scatter_layers.cpp, FxScatterAddLayer:
// bottom_diff[perm_[i]] += top_diff[i], perm_ a permutation), red team 21c family 4. Edit:
// top's diff is read through a copy of the top vector (`vector<Blob<Dtype>*>
// grads(top.begin(), top.end())`). Run in place, top's diff is bottom's diff: the original's
// later elements read what earlier ones added; the copy named no input/output slot, so no run-
// time check was emitted.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutUnplacedScatterCopyLayer : public Layer<Dtype> {
 public:
  explicit MutUnplacedScatterCopyLayer(const LayerParameter& param)
      : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const int count = bottom[0]->count();
    perm_.resize(count);
    for (int i = 0; i < count; ++i) {
      perm_[i] = (i * 7 + 3) % count;
    }
    this->blobs_.resize(1);
    this->blobs_[0].reset(new Blob<Dtype>(1, 1, 1, bottom[0]->count(1)));
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutUnplacedScatterCopy"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {}
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  vector<int> perm_;
  int num_;
  int dim_;
};

template <typename Dtype>
void MutUnplacedScatterCopyLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
  vector<Blob<Dtype>*> grads(top.begin(), top.end());
  const Dtype* top_diff = grads[0]->cpu_diff();
  Dtype* bottom_diff = bottom[0]->mutable_cpu_diff();
  const int count = bottom[0]->count();
  // CGP-MUTANT: unsafe class=aliasing reason=aliasing
  for (int i = 0; i < count; ++i) {
    bottom_diff[perm_[i]] += top_diff[i];
  }
}

INSTANTIATE_CLASS(MutUnplacedScatterCopyLayer);
REGISTER_LAYER_CLASS(MutUnplacedScatterCopy);

}  // namespace caffe
