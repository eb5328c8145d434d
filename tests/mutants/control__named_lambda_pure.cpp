// Control: a lambda stored before the loop that only computes from its argument, given to
// std::transform on the sample's own slices.
// (red team, 2026-12-06, eighth round)
#include <algorithm>
#include <cstring>
#include <type_traits>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutXNamedLambdaPureLayer : public Layer<Dtype> {
 public:
  explicit MutXNamedLambdaPureLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutXNamedLambdaPure"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutXNamedLambdaPureLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int num = bottom[0]->num();
  const int dim = bottom[0]->count(1);
  const Dtype slope = Dtype(0.1);
  auto f = [slope](Dtype x) { return x > 0 ? x : slope * x; };
  // CGP-MUTANT: control
  for (int n = 0; n < num; ++n) {
    std::transform(bottom_data + n * dim, bottom_data + (n + 1) * dim, top_data + n * dim, f);
  }
}

INSTANTIATE_CLASS(MutXNamedLambdaPureLayer);
REGISTER_LAYER_CLASS(MutXNamedLambdaPure);

}  // namespace caffe
