// Unsafe: std::fill from the start of the previous sample's slice to the end of this one's
// (a range whose size the call does not say plainly: not followed).
#include <algorithm>
#include <numeric>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutPeakNormPrevLayer : public Layer<Dtype> {
 public:
  explicit MutPeakNormPrevLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    top[1]->Reshape(vector<int>(1, num_));
  }
  virtual inline const char* type() const { return "MutPeakNormPrev"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutPeakNormPrevLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                          const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* top_sum = top[1]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=cross-sample reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + n * dim_;
    Dtype* out = top_data + n * dim_;
    const Dtype peak = *std::max_element(in, in + dim_);
    top_sum[n] = std::accumulate(in, in + dim_, Dtype(0));
    if (peak == Dtype(0)) {
      std::fill(top_data + (n - 1) * dim_, top_data + (n + 1) * dim_, Dtype(0));
    } else {
      std::copy(in, in + dim_, out);
      for (int d = 0; d < dim_; ++d) out[d] /= peak;
    }
  }
}

INSTANTIATE_CLASS(MutPeakNormPrevLayer);
REGISTER_LAYER_CLASS(MutPeakNormPrev);

}  // namespace caffe
