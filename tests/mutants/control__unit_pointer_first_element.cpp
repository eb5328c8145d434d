// Control: one element per sample through a pointer at `top + n` (`out[0]`), with the
// output shaped (num, 1, 1, 1): each sample writes its own element.
// (red team, 2026-12-06, eighth round)
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutXUnitFirstLayer : public Layer<Dtype> {
 public:
  explicit MutXUnitFirstLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->Reshape(bottom[0]->num(), 1, 1, 1);
  }
  virtual inline const char* type() const { return "MutXUnitFirst"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutXUnitFirstLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int num = bottom[0]->num();
  const int dim = bottom[0]->count(1);
  // CGP-MUTANT: control
  for (int n = 0; n < num; ++n) {
    Dtype* out = top_data + n;
    Dtype s = 0;
    for (int k = 0; k < dim; ++k) {
      s += bottom_data[n * dim + k];
    }
    out[0] = s;
  }
}

INSTANTIATE_CLASS(MutXUnitFirstLayer);
REGISTER_LAYER_CLASS(MutXUnitFirst);

}  // namespace caffe
