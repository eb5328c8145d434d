// Control (issue 25): two vectors of the sample's own, filled and swapped (std::swap).
#include <algorithm>
#include <numeric>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutCOwnSwapLayer : public Layer<Dtype> {
 public:
  explicit MutCOwnSwapLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutCOwnSwap"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutCOwnSwapLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                               const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    std::vector<Dtype> a, b;
    a.reserve(dim_);
    for (int d = 0; d < dim_; ++d) a.push_back(bottom_data[n * dim_ + d]);
    b.resize(dim_);
    std::swap(a, b);
    for (int d = 0; d < dim_; ++d) {
      top_data[n * dim_ + d] = b[d] + a[d];
    }
  }
}

INSTANTIATE_CLASS(MutCOwnSwapLayer);
REGISTER_LAYER_CLASS(MutCOwnSwap);

}  // namespace caffe
