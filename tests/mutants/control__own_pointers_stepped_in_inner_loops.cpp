// Control: ReLU as a per-sample loop whose pointers are declared at the sample's slice and
// stepped inside inner loops (`*out++ = ... *in++`, then by rows of `half` values), never
// used after the loop that steps them.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutCStepInnerLayer : public Layer<Dtype> {
 public:
  explicit MutCStepInnerLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutCStepInner"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutCStepInnerLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                            const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int half = dim_ / 2;
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + n * dim_;
    Dtype* out = top_data + n * dim_;
    for (int i = 0; i < half; ++i) {
      *out++ = std::max(*in++, Dtype(0));
    }
    Dtype* row = top_data + n * dim_ + half;
    for (int r = 0; r < 1; ++r) {
      for (int i = half; i < dim_; ++i) {
        row[i - half] = std::max(bottom_data[n * dim_ + i], Dtype(0));
      }
      row += half;
    }
  }
}

INSTANTIATE_CLASS(MutCStepInnerLayer);
REGISTER_LAYER_CLASS(MutCStepInner);

}  // namespace caffe
