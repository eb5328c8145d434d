// Edit of a running-mean layer that keeps its mean in a member through a reference whose `&`
// a template hides (`typename std::add_lvalue_reference<Dtype>::type mean = mean_`).
// (red team, 2026-12-06, eighth round: came back parallel before)
#include <algorithm>
#include <cstring>
#include <type_traits>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutXDepRefLayer : public Layer<Dtype> {
 public:
  explicit MutXDepRefLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutXDepRef"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Dtype mean_;
  int num_;
  int dim_;
};

template <typename Dtype>
void MutXDepRefLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int num = bottom[0]->num();
  const int dim = bottom[0]->count(1);
  // CGP-MUTANT: unsafe class=recurrence reason=aliasing
  for (int n = 0; n < num; ++n) {
    typename std::add_lvalue_reference<Dtype>::type mean = mean_;
    mean = Dtype(0.9) * mean + Dtype(0.1) * bottom_data[n * dim];
    const Dtype v = mean;
    for (int k = 0; k < dim; ++k) {
      top_data[n * dim + k] = bottom_data[n * dim + k] * v;
    }
  }
}

INSTANTIATE_CLASS(MutXDepRefLayer);
REGISTER_LAYER_CLASS(MutXDepRef);

}  // namespace caffe
