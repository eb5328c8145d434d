// Edit of ReLULayer that keeps `vec_ = top` (a member vector of Blob pointers) and stores a
// scratch value through `vec_[0]`, the output itself: every sample writes sample 0's
// element 1, which sample 0 reads back. (red team, 2026-12-05, fifth round: came back parallel before)
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutABlobVecLayer : public Layer<Dtype> {
 public:
  explicit MutABlobVecLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    vec_ = top;
  }
  virtual inline const char* type() const { return "MutABlobVec"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
  vector<Blob<Dtype>*> vec_;
};

template <typename Dtype>
void MutABlobVecLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                          const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=aliasing reason=aliasing
  for (int n = 0; n < num_; ++n) {
    for (int i = 0; i < dim_; ++i) {
      top_data[n * dim_ + i] = std::max(bottom_data[n * dim_ + i], Dtype(0));
    }
    Dtype* s = vec_[0]->mutable_cpu_data();
    s[1] = bottom_data[n * dim_];
    top_data[n * dim_] += s[1];
  }
}

INSTANTIATE_CLASS(MutABlobVecLayer);
REGISTER_LAYER_CLASS(MutABlobVec);

}  // namespace caffe
