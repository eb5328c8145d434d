// Unsafe: a vector declared per sample, but of a class of the tree whose method counts in a global.
#include <algorithm>
#include <map>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

int mut_counter_calls = 0;

struct MutCounter {
  int hits;
  MutCounter() : hits(0) {}
  void bump() {
    ++hits;
    ++mut_counter_calls;
  }
};

template <typename Dtype>
class MutCounterVecLayer : public Layer<Dtype> {
 public:
  explicit MutCounterVecLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutCounterVec"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutCounterVecLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=global-state reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    std::vector<MutCounter> counters(2);
    counters[0].bump();
    top_data[n * dim_] = bottom_data[n * dim_] * counters[0].hits;
  }
}

INSTANTIATE_CLASS(MutCounterVecLayer);
REGISTER_LAYER_CLASS(MutCounterVec);

}  // namespace caffe
