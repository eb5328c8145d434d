// Edit of a transform layer whose element function is a lambda stored before the loop that
// keeps a running value (`auto f = [&](Dtype x) { carry = ...; return carry; }`).
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
class MutXNamedLambdaLayer : public Layer<Dtype> {
 public:
  explicit MutXNamedLambdaLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutXNamedLambda"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutXNamedLambdaLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int num = bottom[0]->num();
  const int dim = bottom[0]->count(1);
  Dtype carry = 0;
  auto f = [&](Dtype x) { carry = Dtype(0.5) * carry + x; return carry; };
  // CGP-MUTANT: unsafe class=recurrence reason=cross-sample-dependence
  for (int n = 0; n < num; ++n) {
    std::transform(bottom_data + n * dim, bottom_data + (n + 1) * dim, top_data + n * dim, f);
  }
}

INSTANTIATE_CLASS(MutXNamedLambdaLayer);
REGISTER_LAYER_CLASS(MutXNamedLambda);

}  // namespace caffe
