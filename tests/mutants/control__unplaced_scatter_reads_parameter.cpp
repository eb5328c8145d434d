// From the twentieth round's scatter-add (fixtures/scatter_layers.cpp, FxScatterAddLayer:
// bottom_diff[perm_[i]] += top_diff[i], perm_ a permutation), red team 21c family 4. Control:
// the scatter-add reads only a parameter Blob (blobs_[0]) beside it, never top: nothing it
// reads can be bottom's diff, and the sum stays a reduction with per-part slots.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutUnplacedScatterParamLayer : public Layer<Dtype> {
 public:
  explicit MutUnplacedScatterParamLayer(const LayerParameter& param)
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
  virtual inline const char* type() const { return "MutUnplacedScatterParam"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {}
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  vector<int> perm_;
  int num_;
  int dim_;
};

template <typename Dtype>
void MutUnplacedScatterParamLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
  const Dtype* weight = this->blobs_[0]->cpu_data();
  Dtype* bottom_diff = bottom[0]->mutable_cpu_diff();
  const int count = bottom[0]->count();
  // CGP-MUTANT: control
  for (int i = 0; i < count; ++i) {
    bottom_diff[perm_[i]] += weight[i % dim_];
  }
}

INSTANTIATE_CLASS(MutUnplacedScatterParamLayer);
REGISTER_LAYER_CLASS(MutUnplacedScatterParam);

}  // namespace caffe
