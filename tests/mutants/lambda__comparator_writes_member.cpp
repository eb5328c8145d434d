// Unsafe: the comparator lambda writes a member (the last value it compared): every
// sample's sort writes it.
#include <algorithm>
#include <numeric>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutLambdaMemberLayer : public Layer<Dtype> {
 public:
  explicit MutLambdaMemberLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutLambdaMember"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  Dtype last_compared_;
  int dim_;
};

template <typename Dtype>
void MutLambdaMemberLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                               const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=member-write reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + n * dim_;
    std::vector<int> order(dim_);
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [this, in](int a, int b) {
      last_compared_ = in[a];
      return in[a] > in[b];
    });
    for (int d = 0; d < dim_; ++d) {
      top_data[n * dim_ + d] = static_cast<Dtype>(order[d]);
    }
  }
}

INSTANTIATE_CLASS(MutLambdaMemberLayer);
REGISTER_LAYER_CLASS(MutLambdaMember);

}  // namespace caffe
