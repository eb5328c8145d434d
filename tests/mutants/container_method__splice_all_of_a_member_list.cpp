// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp).
// Edit (eighteenth red team): `mine.splice(mine.end(), splice_pending_)` takes the whole of a
// member list into the sample's list: the first sample empties it and the others find it
// empty. Splice on the sample's own list moves the elements out of its argument, the member.
#include <cmath>
#include <vector>
#include <algorithm>
#include <list>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSSpliceMemberLayer : public Layer<Dtype> {
 public:
  explicit MutSSpliceMemberLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSSpliceMember"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  std::list<int> splice_pending_;
  int num_, dim_;
};

template <typename Dtype>
void MutSSpliceMemberLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  splice_pending_.assign(3, 1);
  // CGP-MUTANT: unsafe class=container-method reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    std::list<int> mine;
    mine.splice(mine.end(), splice_pending_);
    const Dtype extra = Dtype(mine.size());
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = std::max(bottom_data[n * dim_ + k], Dtype(0)) + extra;
    }
  }
}

template <typename Dtype>
void MutSSpliceMemberLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSSpliceMemberLayer);
REGISTER_LAYER_CLASS(MutSSpliceMember);

}  // namespace caffe
