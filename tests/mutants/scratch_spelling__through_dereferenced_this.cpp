// Twenty-second red team (helper C): the scratch member reached as `(*this).scratch_`:
// privatized, but only `scratch_` and `this->scratch_` are redirected.
#include <vector>
#include <cfloat>
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"
namespace caffe {

template <typename Dtype>
class RcThisArrowLayer : public Layer<Dtype> {
 public:
  explicit RcThisArrowLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {

  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    top[0]->ReshapeLike(*bottom[0]);
    dim_ = bottom[0]->count(1);
    scratch_.Reshape(vector<int>(1, dim_));
  }
  virtual inline int ExactNumTopBlobs() const { return 1; }
  virtual inline int ExactNumBottomBlobs() const { return 1; }
  virtual inline const char* type() const { return "RcThisArrow"; }
 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {

    const Dtype* x = bottom[0]->cpu_data();
    Dtype* y = top[0]->mutable_cpu_data();
    const int num = bottom[0]->num();
    
    // CGP-MUTANT: unsafe class=scratch reason=aliasing
    for (int n = 0; n < num; ++n) {
      Dtype* s = (*this).scratch_.mutable_cpu_data();
      for (int k = 0; k < dim_; ++k) s[k] = x[n * dim_ + k] * Dtype(2);
      for (int k = 0; k < dim_; ++k) y[n * dim_ + k] = s[k] + Dtype(1);
    }
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {

  }
  int dim_;
  Blob<Dtype> scratch_;
};
INSTANTIATE_CLASS(RcThisArrowLayer);
REGISTER_LAYER_CLASS(RcThisArrow);
}  // namespace caffe
