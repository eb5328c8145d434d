// Twenty-second red team (helper C): scratch held in an element of a member C array of Blobs
// (`arr_[1].`): privatized in the plan, never redirected.
#include <vector>
#include <cfloat>
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"
namespace caffe {

template <typename Dtype>
class RcCArrayLayer : public Layer<Dtype> {
 public:
  explicit RcCArrayLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {

  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    top[0]->ReshapeLike(*bottom[0]);
    dim_ = bottom[0]->count(1);
    arr_[1].Reshape(vector<int>(1, dim_));
  }
  virtual inline int ExactNumTopBlobs() const { return 1; }
  virtual inline int ExactNumBottomBlobs() const { return 1; }
  virtual inline const char* type() const { return "RcCArray"; }
 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {

    const Dtype* x = bottom[0]->cpu_data();
    Dtype* y = top[0]->mutable_cpu_data();
    const int num = bottom[0]->num();
    // CGP-MUTANT: unsafe class=scratch reason=cross-sample-dependence
    for (int n = 0; n < num; ++n) {
      Dtype* s = arr_[1].mutable_cpu_data();
      for (int k = 0; k < dim_; ++k) s[k] = x[n * dim_ + k] * Dtype(2);
      for (int k = 0; k < dim_; ++k) y[n * dim_ + k] = s[k] + Dtype(1);
    }
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {

  }
  int dim_;
  Blob<Dtype> arr_[2];
};
INSTANTIATE_CLASS(RcCArrayLayer);
REGISTER_LAYER_CLASS(RcCArray);
}  // namespace caffe
