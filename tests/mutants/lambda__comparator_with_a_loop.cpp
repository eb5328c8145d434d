// Unsafe as far as the analysis can tell: a comparator lambda with a loop in its body is not
// followed (it could write anything): an unknown call.
#include <algorithm>
#include <numeric>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutLambdaLoopLayer : public Layer<Dtype> {
 public:
  explicit MutLambdaLoopLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutLambdaLoop"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutLambdaLoopLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                               const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=cross-sample reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + n * dim_;
    std::vector<int> order(dim_);
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int a, int b) {
      for (int d = 0; d < dim_; ++d) top_data[d] = in[a];
      return in[a] > in[b];
    });
    for (int d = 0; d < dim_; ++d) {
      top_data[n * dim_ + d] = static_cast<Dtype>(order[d]);
    }
  }
}

INSTANTIATE_CLASS(MutLambdaLoopLayer);
REGISTER_LAYER_CLASS(MutLambdaLoop);

}  // namespace caffe
