// Edit of ReLULayer that keeps the sample index in a `bool` (`const bool m = n;`): samples 1
// to num - 1 all write sample 1's slice. (red team, 2026-12-05, fifth round: came back parallel before)
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutZBoolIndexLayer : public Layer<Dtype> {
 public:
  explicit MutZBoolIndexLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutZBoolIndex"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutZBoolIndexLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                            const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const bool m = n;
    for (int i = 0; i < dim_; ++i) {
      top_data[m * dim_ + i] = std::max(bottom_data[n * dim_ + i], Dtype(0));
    }
  }
}

INSTANTIATE_CLASS(MutZBoolIndexLayer);
REGISTER_LAYER_CLASS(MutZBoolIndex);

}  // namespace caffe
