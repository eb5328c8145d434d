// Unsafe: a binary std::transform writes top at n (not n * dim_), as many as the sample's
// own vector holds: a size the call does not say, so not followed.
#include <algorithm>
#include <iterator>
#include <map>
#include <numeric>
#include <set>
#include <utility>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutTransformUnsizedLayer : public Layer<Dtype> {
 public:
  explicit MutTransformUnsizedLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutTransformUnsized"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutTransformUnsizedLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                               const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=cross-sample reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    std::vector<Dtype> v(dim_);
    std::transform(v.begin(), v.end(), bottom_data + n * dim_, top_data + n,
                   [](Dtype a, Dtype b) { return a + b; });
  }
}

INSTANTIATE_CLASS(MutTransformUnsizedLayer);
REGISTER_LAYER_CLASS(MutTransformUnsized);

}  // namespace caffe
