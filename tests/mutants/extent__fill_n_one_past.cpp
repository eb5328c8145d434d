// Edit of ReLULayer that clears one value more than its slice (`std::fill_n(out, dim_ + 1,
// 0)`) when its first input is negative: the next sample's first value. (red team, 2026-12-05, sixth round: came back parallel before)
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutEFillPastLayer : public Layer<Dtype> {
 public:
  explicit MutEFillPastLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutEFillPast"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutEFillPastLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                           const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + n * dim_;
    Dtype* out = top_data + n * dim_;
    for (int i = 0; i < dim_; ++i) {
      out[i] = std::max(in[i], Dtype(0));
    }
    if (in[0] < Dtype(0)) {
      std::fill_n(out, dim_ + 1, Dtype(0));
    }
  }
}

INSTANTIATE_CLASS(MutEFillPastLayer);
REGISTER_LAYER_CLASS(MutEFillPast);

}  // namespace caffe
