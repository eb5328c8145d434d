// Control: an output twice as wide as the input per sample (ReLU of x, then of -x, as in
// CReLU). The second half starts one *input* sample into the output's own sample
// (`top_data + n * top_dim + dim_`): a term one sample long of another Blob stays inside.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutCWiderHalfLayer : public Layer<Dtype> {
 public:
  explicit MutCWiderHalfLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    vector<int> shape = bottom[0]->shape();
    shape[1] *= 2;
    top[0]->Reshape(shape);
  }
  virtual inline const char* type() const { return "MutCWiderHalf"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutCWiderHalfLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                            const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int top_dim = top[0]->count(1);
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + n * dim_;
    Dtype* out = top_data + n * top_dim;
    for (int i = 0; i < dim_; ++i) {
      out[i] = std::max(in[i], Dtype(0));
    }
    Dtype* neg = top_data + n * top_dim + dim_;
    for (int i = 0; i < dim_; ++i) {
      neg[i] = std::max(-in[i], Dtype(0));
    }
  }
}

INSTANTIATE_CLASS(MutCWiderHalfLayer);
REGISTER_LAYER_CLASS(MutCWiderHalf);

}  // namespace caffe
