// Edit of ReLULayer that bumps `top_data[top[0]->offset(n, top[0]->channels())]`: the
// channel coordinate at its extent is the next sample's first value (Caffe's own offset()
// allows c == channels()). (red team, 2026-12-05, seventh round: came back parallel before)
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutXOffsetExtentLayer : public Layer<Dtype> {
 public:
  explicit MutXOffsetExtentLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutXOffsetExtent"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutXOffsetExtentLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
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
    if (n + 1 < num_) {
      top_data[top[0]->offset(n, top[0]->channels())] += Dtype(0.5) * in[0];
    }
  }
}

INSTANTIATE_CLASS(MutXOffsetExtentLayer);
REGISTER_LAYER_CLASS(MutXOffsetExtent);

}  // namespace caffe
