// A layer whose Forward clamps its top with a library call the tool's table does not know.
#include <vector>

#include "caffe_fixture.hpp"

namespace caffe {

template <typename Dtype>
void fx_clamp(const int N, const Dtype lo, const Dtype hi, Dtype* X) {
  for (int i = 0; i < N; ++i) X[i] = X[i] < lo ? lo : (X[i] > hi ? hi : X[i]);
}

template <typename Dtype>
class FxClampLayer : public Layer<Dtype> {
 protected:
  virtual void Forward_cpu(const std::vector<Blob<Dtype>*>& bottom,
      const std::vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const std::vector<Blob<Dtype>*>& top,
      const std::vector<bool>& propagate_down, const std::vector<Blob<Dtype>*>& bottom) {}
};

template <typename Dtype>
void FxClampLayer<Dtype>::Forward_cpu(const std::vector<Blob<Dtype>*>& bottom,
    const std::vector<Blob<Dtype>*>& top) {
  Dtype* top_data = top[0]->mutable_cpu_data();
  fx_clamp(top[0]->count(), Dtype(-1), Dtype(1), top_data);
}

INSTANTIATE_CLASS(FxClampLayer);

}  // namespace caffe
