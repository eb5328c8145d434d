// From AccuracyLayer (caffe_src/src/caffe/layers/accuracy_layer.cpp).
// Edit: a helper that takes an int by non-const reference increments it when the
// sample's argmax matches its label; the loop passes a member counter (`correct_`), which
// every sample increments.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRRefMemberCountLayer : public Layer<Dtype> {
 public:
  explicit MutRRefMemberCountLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutRRefMemberCount"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int correct_;
  void Tally(int& counter, bool hit) {
    if (hit) ++counter;
  }
  int num_, dim_;
};

template <typename Dtype>
void MutRRefMemberCountLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* label = bottom[1]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  correct_ = 0;
  // CGP-MUTANT: unsafe class=member-write reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    int best = 0;
    for (int k = 1; k < dim_; ++k) {
      if (bottom_data[n * dim_ + k] > bottom_data[n * dim_ + best]) best = k;
    }
    top_data[n * dim_] = best;
    Tally(correct_, best == static_cast<int>(label[n]));
  }
}

INSTANTIATE_CLASS(MutRRefMemberCountLayer);
REGISTER_LAYER_CLASS(MutRRefMemberCount);

}  // namespace caffe
