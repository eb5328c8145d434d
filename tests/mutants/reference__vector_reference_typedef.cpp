// Edit of a running-sum layer that keeps its sum in a member vector's first element through
// `typename std::vector<Dtype>::reference`, a reference by another name.
// (red team, 2026-12-06, eighth round: came back parallel before)
#include <algorithm>
#include <cstring>
#include <type_traits>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutXVecRefLayer : public Layer<Dtype> {
 public:
  explicit MutXVecRefLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutXVecRef"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  std::vector<Dtype> sums_;
  int num_;
  int dim_;
};

template <typename Dtype>
void MutXVecRefLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int num = bottom[0]->num();
  const int dim = bottom[0]->count(1);
  sums_.assign(1, Dtype(0));
  // CGP-MUTANT: unsafe class=recurrence reason=aliasing
  for (int n = 0; n < num; ++n) {
    typename std::vector<Dtype>::reference acc = sums_[0];
    acc = acc + bottom_data[n * dim];
    const Dtype v = acc;
    for (int k = 0; k < dim; ++k) {
      top_data[n * dim + k] = bottom_data[n * dim + k] * v;
    }
  }
}

INSTANTIATE_CLASS(MutXVecRefLayer);
REGISTER_LAYER_CLASS(MutXVecRef);

}  // namespace caffe
