// Control (issue 25): std::transform of the sample's slice into its own vector with a lambda.
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
class MutCTransformOwnLayer : public Layer<Dtype> {
 public:
  explicit MutCTransformOwnLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutCTransformOwn"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutCTransformOwnLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                               const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    std::vector<Dtype> v(dim_);
    std::transform(bottom_data + n * dim_, bottom_data + (n + 1) * dim_, v.begin(),
                   [](Dtype x) { return x * x; });
    for (int d = 0; d < dim_; ++d) top_data[n * dim_ + d] = v[d];
  }
}

INSTANTIATE_CLASS(MutCTransformOwnLayer);
REGISTER_LAYER_CLASS(MutCTransformOwn);

}  // namespace caffe
