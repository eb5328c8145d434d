// From SwishLayer::Backward_cpu (BVLC, src/caffe/layers/swish_layer.cpp), red team 21c family
// 4's control. Edit: the sigmoid's output is a Blob pointer member (a Blob the walk cannot
// place); the loop reads it only at the element it writes, so even were it the written Blob or
// its in-place partner, every element is read before it is written by the same iteration.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutUnplacedSwishMemberLayer : public Layer<Dtype> {
 public:
  explicit MutUnplacedSwishMemberLayer(const LayerParameter& param)
      : Layer<Dtype>(param), sigmoid_output_(new Blob<Dtype>()) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    sigmoid_output_->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutUnplacedSwishMember"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {}
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  shared_ptr<Blob<Dtype> > sigmoid_output_;
  int num_;
  int dim_;
};

template <typename Dtype>
void MutUnplacedSwishMemberLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
  const Dtype* sig = sigmoid_output_->cpu_data();
  const Dtype* top_diff = top[0]->cpu_diff();
  Dtype* bottom_diff = bottom[0]->mutable_cpu_diff();
  const int count = bottom[0]->count();
  // CGP-MUTANT: control
  for (int i = 0; i < count; ++i) {
    bottom_diff[i] = top_diff[i] * sig[i] * (Dtype(1) - sig[i]);
  }
}

INSTANTIATE_CLASS(MutUnplacedSwishMemberLayer);
REGISTER_LAYER_CLASS(MutUnplacedSwishMember);

}  // namespace caffe
