// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp).
// Control (eighteenth red team): splice and merge between two of the sample's own lists,
// `mine.splice(mine.end(), other)` and `a.merge(b)`: what they move out of is the sample's
// own, and the loop stays parallel.
#include <cmath>
#include <vector>
#include <algorithm>
#include <list>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSSpliceOwnLayer : public Layer<Dtype> {
 public:
  explicit MutSSpliceOwnLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSSpliceOwn"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
};

template <typename Dtype>
void MutSSpliceOwnLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    std::list<int> mine, other(3, 1);
    std::list<int> a, b;
    b.push_back(n);
    b.push_back(n + 1);
    mine.splice(mine.end(), other);
    a.merge(b);
    const Dtype extra = Dtype(mine.size() + a.size());
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = std::max(bottom_data[n * dim_ + k], Dtype(0)) + extra;
    }
  }
}

template <typename Dtype>
void MutSSpliceOwnLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSSpliceOwnLayer);
REGISTER_LAYER_CLASS(MutSSpliceOwn);

}  // namespace caffe
