// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp).
// Edit (eighteenth red team): a pool of free slots in a member list, and each sample takes
// the first one, `mine.splice(mine.end(), slot_pool_, slot_pool_.begin())` (sample n gets slot
// n). A method of the sample's own list was taken to touch only that list, but splice moves
// the node out of its argument: every sample changes the shared pool.
#include <cmath>
#include <vector>
#include <algorithm>
#include <list>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSSlotPoolLayer : public Layer<Dtype> {
 public:
  explicit MutSSlotPoolLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSSlotPool"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  std::list<int> slot_pool_;
  int num_, dim_;
};

template <typename Dtype>
void MutSSlotPoolLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  slot_pool_.clear();
  for (int i = 0; i < num_; ++i) {
    slot_pool_.push_back(i);
  }
  // CGP-MUTANT: unsafe class=container-method reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    std::list<int> mine;
    mine.splice(mine.end(), slot_pool_, slot_pool_.begin());
    const Dtype extra = Dtype(mine.front());
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = std::max(bottom_data[n * dim_ + k], Dtype(0)) + extra;
    }
  }
}

template <typename Dtype>
void MutSSlotPoolLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSSlotPoolLayer);
REGISTER_LAYER_CLASS(MutSSlotPool);

}  // namespace caffe
