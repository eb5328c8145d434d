// Edit of ReLULayer that leaks into the next sample: the output pointer is placed with a
// local `dim` (`bottom[0]->count(1)`) and stepped on by the member `dim_` (the same size,
// assigned in Reshape), then half the input is added there. (red team, 2026-12-05: a term
// spelled unlike the stride was taken for an offset inside the sample)
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutXStrideMemberLayer : public Layer<Dtype> {
 public:
  explicit MutXStrideMemberLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutXStrideMember"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutXStrideMemberLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                               const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int dim = bottom[0]->count(1);
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + n * dim;
    Dtype* out = top_data + n * dim;
    for (int i = 0; i < dim_; ++i) {
      out[i] = std::max(in[i], Dtype(0));
    }
    out += this->dim_;
    if (n + 1 < num_) {
      for (int i = 0; i < dim_; ++i) {
        out[i] += Dtype(0.5) * in[i];
      }
    }
  }
}

INSTANTIATE_CLASS(MutXStrideMemberLayer);
REGISTER_LAYER_CLASS(MutXStrideMember);

}  // namespace caffe
