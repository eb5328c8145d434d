// From AccuracyLayer (caffe_src/src/caffe/layers/accuracy_layer.cpp) with a second top.
// Edit: the second top reports "the last sample with a non-zero output"; every sample that
// qualifies writes its index into top[1]'s single element. The last qualifying sample wins in
// sequence; samples run at once write it in any order.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <random>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSLastActiveTopLayer : public Layer<Dtype> {
 public:
  explicit MutSLastActiveTopLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    vector<int> shape(1, 1);
    top[1]->Reshape(shape);
  }
  virtual inline const char* type() const { return "MutSLastActiveTop"; }
  virtual inline int ExactNumTopBlobs() const { return 2; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, dim_;
};

template <typename Dtype>
void MutSLastActiveTopLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* last_active = top[1]->mutable_cpu_data();
  last_active[0] = -1;
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    Dtype mass = 0;
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = std::max(bottom_data[n * dim_ + k], Dtype(0));
      mass += top_data[n * dim_ + k];
    }
    if (mass > 0) last_active[0] = n;
  }
}

INSTANTIATE_CLASS(MutSLastActiveTopLayer);
REGISTER_LAYER_CLASS(MutSLastActiveTop);

}  // namespace caffe
