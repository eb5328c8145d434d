// Control: an if that declares its condition, each branch writing the sample's own slice.
// (red team, 2026-12-06, eighth round)
#include <algorithm>
#include <cstring>
#include <type_traits>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutXCondVarOwnLayer : public Layer<Dtype> {
 public:
  explicit MutXCondVarOwnLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutXCondVarOwn"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutXCondVarOwnLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int num = bottom[0]->num();
  const int dim = bottom[0]->count(1);
  // CGP-MUTANT: control
  for (int n = 0; n < num; ++n) {
    if (int odd = n % 2) {
      caffe_copy(dim, bottom_data + n * dim, top_data + n * dim);
    } else {
      caffe_set(dim, Dtype(odd), top_data + n * dim);
    }
  }
}

INSTANTIATE_CLASS(MutXCondVarOwnLayer);
REGISTER_LAYER_CLASS(MutXCondVarOwn);

}  // namespace caffe
