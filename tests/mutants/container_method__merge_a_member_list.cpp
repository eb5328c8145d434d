// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp).
// Edit (eighteenth red team): `mine.merge(merge_seen_)` merges a sorted member list into the
// sample's list (the red team's std::set::merge, C++17, as std::list::merge): merge moves
// every node out of its argument, so the first sample empties the member, the others see it empty.
#include <cmath>
#include <vector>
#include <algorithm>
#include <list>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSMergeMemberLayer : public Layer<Dtype> {
 public:
  explicit MutSMergeMemberLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSMergeMember"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  std::list<int> merge_seen_;
  int num_, dim_;
};

template <typename Dtype>
void MutSMergeMemberLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  merge_seen_.clear();
  merge_seen_.push_back(1);
  merge_seen_.push_back(2);
  // CGP-MUTANT: unsafe class=container-method reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    std::list<int> mine;
    mine.merge(merge_seen_);
    const Dtype extra = Dtype(mine.size());
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = std::max(bottom_data[n * dim_ + k], Dtype(0)) + extra;
    }
  }
}

template <typename Dtype>
void MutSMergeMemberLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSMergeMemberLayer);
REGISTER_LAYER_CLASS(MutSMergeMember);

}  // namespace caffe
