// Edit of a scale layer whose if declares its condition (`if (int odd = n % 2)`) and adds
// into sample 0's output in the else branch, which the walk never reached.
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
class MutXCondVarElseLayer : public Layer<Dtype> {
 public:
  explicit MutXCondVarElseLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutXCondVarElse"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutXCondVarElseLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int num = bottom[0]->num();
  const int dim = bottom[0]->count(1);
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num; ++n) {
    Dtype v = 1;
    if (int odd = n % 2) {
      v = Dtype(odd);
    } else {
      top_data[0] += bottom_data[n * dim];
    }
    for (int k = 0; k < dim; ++k) {
      top_data[n * dim + k] += bottom_data[n * dim + k] * v;
    }
  }
}

INSTANTIATE_CLASS(MutXCondVarElseLayer);
REGISTER_LAYER_CLASS(MutXCondVarElse);

}  // namespace caffe
