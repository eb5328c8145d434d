// Control (issue 25): std::inner_product of the sample's slice of bottom with itself.
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
class MutCInnerOwnLayer : public Layer<Dtype> {
 public:
  explicit MutCInnerOwnLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutCInnerOwn"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutCInnerOwnLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                               const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + n * dim_;
    const Dtype sq = std::inner_product(in, in + dim_, in, Dtype(0));
    for (int d = 0; d < dim_; ++d) top_data[n * dim_ + d] = in[d] / (sq + Dtype(1));
  }
}

INSTANTIATE_CLASS(MutCInnerOwnLayer);
REGISTER_LAYER_CLASS(MutCInnerOwn);

}  // namespace caffe
