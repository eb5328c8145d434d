// Twenty-second red team (helper C): the scratch member reached through a member pointer to the
// layer itself (`self_->scratch_`): privatized, never redirected.
#include <vector>
#include <cfloat>
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"
namespace caffe {

template <typename Dtype>
class RcSelfPtrLayer : public Layer<Dtype> {
 public:
  explicit RcSelfPtrLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    self_ = this;
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    top[0]->ReshapeLike(*bottom[0]);
    dim_ = bottom[0]->count(1);
    scratch_.Reshape(vector<int>(1, dim_));
  }
  virtual inline int ExactNumTopBlobs() const { return 1; }
  virtual inline int ExactNumBottomBlobs() const { return 1; }
  virtual inline const char* type() const { return "RcSelfPtr"; }
 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {

    const Dtype* x = bottom[0]->cpu_data();
    Dtype* y = top[0]->mutable_cpu_data();
    const int num = bottom[0]->num();
    // CGP-MUTANT: unsafe class=scratch reason=aliasing
    for (int n = 0; n < num; ++n) {
      Dtype* s = self_->scratch_.mutable_cpu_data();
      for (int k = 0; k < dim_; ++k) s[k] = x[n * dim_ + k] * Dtype(2);
      for (int k = 0; k < dim_; ++k) y[n * dim_ + k] = s[k] + Dtype(1);
    }
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {

  }
  int dim_;
  Blob<Dtype> scratch_;
  RcSelfPtrLayer* self_;
};
INSTANTIATE_CLASS(RcSelfPtrLayer);
REGISTER_LAYER_CLASS(RcSelfPtr);
}  // namespace caffe
