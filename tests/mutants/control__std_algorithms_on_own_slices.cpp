// Control (issue 25): std::max_element, std::accumulate, std::fill and std::copy over the
// sample's own slices of bottom and top, given as `p, p + dim_`: blocks of dim_ elements.
#include <algorithm>
#include <numeric>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutCPeakNormLayer : public Layer<Dtype> {
 public:
  explicit MutCPeakNormLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    top[1]->Reshape(vector<int>(1, num_));
  }
  virtual inline const char* type() const { return "MutCPeakNorm"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutCPeakNormLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                          const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* top_sum = top[1]->mutable_cpu_data();
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + n * dim_;
    Dtype* out = top_data + n * dim_;
    const Dtype peak = *std::max_element(in, in + dim_);
    top_sum[n] = std::accumulate(in, in + dim_, Dtype(0));
    if (peak == Dtype(0)) {
      std::fill(out, out + dim_, Dtype(0));
    } else {
      std::copy(in, in + dim_, out);
      for (int d = 0; d < dim_; ++d) out[d] /= peak;
    }
  }
}

INSTANTIATE_CLASS(MutCPeakNormLayer);
REGISTER_LAYER_CLASS(MutCPeakNorm);

}  // namespace caffe
