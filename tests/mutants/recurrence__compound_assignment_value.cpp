// Edit of ReLULayer into a running sum: each sample stores the value of `(total += x)`, the
// sum of every sample so far, not a reduction. (red team, 2026-12-05: came back parallel before)
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRCompoundValueLayer : public Layer<Dtype> {
 public:
  explicit MutRCompoundValueLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutRCompoundValue"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutRCompoundValueLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype total = 0;
  // CGP-MUTANT: unsafe class=recurrence reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int i = 1; i < dim_; ++i) {
      top_data[n * dim_ + i] = std::max(bottom_data[n * dim_ + i], Dtype(0));
    }
    top_data[n * dim_] = (total += bottom_data[n * dim_]);
  }
}

INSTANTIATE_CLASS(MutRCompoundValueLayer);
REGISTER_LAYER_CLASS(MutRCompoundValue);

}  // namespace caffe
