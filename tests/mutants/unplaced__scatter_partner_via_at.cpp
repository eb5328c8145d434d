// From the twentieth round's scatter-add (fixtures/scatter_layers.cpp, FxScatterAddLayer:
// bottom_diff[perm_[i]] += top_diff[i], perm_ a permutation), red team 21c family 4. Edit:
// top's diff is read through `top.at(0)`, a Blob the walk does not place (no input/output slot
// is recorded): run in place it is bottom's diff, summed into at elements chosen by data.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutUnplacedScatterAtLayer : public Layer<Dtype> {
 public:
  explicit MutUnplacedScatterAtLayer(const LayerParameter& param)
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
  virtual inline const char* type() const { return "MutUnplacedScatterAt"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {}
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  vector<int> perm_;
  int num_;
  int dim_;
};

template <typename Dtype>
void MutUnplacedScatterAtLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
  const Dtype* top_diff = top.at(0)->cpu_diff();
  Dtype* bottom_diff = bottom[0]->mutable_cpu_diff();
  const int count = bottom[0]->count();
  // CGP-MUTANT: unsafe class=aliasing reason=aliasing
  for (int i = 0; i < count; ++i) {
    bottom_diff[perm_[i]] += top_diff[i];
  }
}

INSTANTIATE_CLASS(MutUnplacedScatterAtLayer);
REGISTER_LAYER_CLASS(MutUnplacedScatterAt);

}  // namespace caffe
