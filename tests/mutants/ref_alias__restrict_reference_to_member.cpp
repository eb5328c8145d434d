// The same running total through `Dtype& __restrict t = total_`. (red team, 2026-12-05: came back parallel before)
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutARestrictRefLayer : public Layer<Dtype> {
 public:
  explicit MutARestrictRefLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutARestrictRef"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Dtype total_;
  int num_;
  int dim_;
};

template <typename Dtype>
void MutARestrictRefLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                              const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=ref-alias reason=aliasing
  for (int n = 0; n < num_; ++n) {
    Dtype& __restrict t = this->total_;
    for (int i = 0; i < dim_; ++i) {
      t += bottom_data[n * dim_ + i];
      top_data[n * dim_ + i] = std::max(bottom_data[n * dim_ + i], Dtype(0)) * t;
    }
  }
}

INSTANTIATE_CLASS(MutARestrictRefLayer);
REGISTER_LAYER_CLASS(MutARestrictRef);

}  // namespace caffe
