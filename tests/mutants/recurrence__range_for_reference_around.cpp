// Edit of ReLULayer run once per element of a small vector of running sums, the batch loop
// nested in `for (Dtype& s : sums)`: each sample adds into `s` and reads it back. (red team,
// 2026-12-05: the range-for's variable, declared around the batch loop, was seen nowhere and
// its writes were dropped)
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRRangeAroundLayer : public Layer<Dtype> {
 public:
  explicit MutRRangeAroundLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutRRangeAround"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutRRangeAroundLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                              const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  std::vector<Dtype> sums(1, Dtype(0));
  for (Dtype& s : sums) {
    // CGP-MUTANT: unsafe class=recurrence reason=aliasing
    for (int n = 0; n < num_; ++n) {
      const Dtype* in = bottom_data + n * dim_;
      Dtype* out = top_data + n * dim_;
      for (int i = 0; i < dim_; ++i) {
        out[i] = std::max(in[i], Dtype(0));
      }
      s += in[0];
      out[0] += s;
    }
  }
}

INSTANTIATE_CLASS(MutRRangeAroundLayer);
REGISTER_LAYER_CLASS(MutRRangeAround);

}  // namespace caffe
