// Control: a stride of half a sample (`n * (dim / 2)`) written only half a sample
// long (k < dim / 2): the slices are apart.
// (red team, 2026-12-06, eighth round)
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutXHalfHopHalfLayer : public Layer<Dtype> {
 public:
  explicit MutXHalfHopHalfLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutXHalfHopHalf"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutXHalfHopHalfLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int num = bottom[0]->num();
  const int dim = bottom[0]->count(1);
  // CGP-MUTANT: control
  for (int n = 0; n < num; ++n) {
    for (int k = 0; k < dim / 2; ++k) {
      top_data[n * (dim / 2) + k] = bottom_data[n * dim + k];
    }
  }
}

INSTANTIATE_CLASS(MutXHalfHopHalfLayer);
REGISTER_LAYER_CLASS(MutXHalfHopHalf);

}  // namespace caffe
