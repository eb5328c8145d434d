// Control: an `int` sum of integers (`cnt += in[0] > 0 ? 1 : 0`), a reduction any order
// gives exactly.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutCIntCountLayer : public Layer<Dtype> {
 public:
  explicit MutCIntCountLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutCIntCount"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
  int last_;
};

template <typename Dtype>
void MutCIntCountLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                           const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  int cnt = 0;
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + n * dim_;
    Dtype* out = top_data + n * dim_;
    for (int i = 0; i < dim_; ++i) {
      out[i] = std::max(in[i], Dtype(0));
    }
    cnt += static_cast<int>(in[0] > Dtype(0));
  }
  last_ = cnt;
}

INSTANTIATE_CLASS(MutCIntCountLayer);
REGISTER_LAYER_CLASS(MutCIntCount);

}  // namespace caffe
