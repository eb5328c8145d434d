// Control: ReLU as a per-sample loop whose output pointer starts at the buffer and is
// stepped to the sample's own slice, `out += n * dim_`, before it is written.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutCStepToOwnLayer : public Layer<Dtype> {
 public:
  explicit MutCStepToOwnLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutCStepToOwn"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutCStepToOwnLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                            const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    Dtype* out = top_data;
    out += n * dim_;
    for (int i = 0; i < dim_; ++i) {
      out[i] = std::max(bottom_data[n * dim_ + i], Dtype(0));
    }
  }
}

INSTANTIATE_CLASS(MutCStepToOwnLayer);
REGISTER_LAYER_CLASS(MutCStepToOwn);

}  // namespace caffe
