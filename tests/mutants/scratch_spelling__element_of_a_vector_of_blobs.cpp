// Twenty-second red team (helper C): scratch held in an element of a member vector of Blob
// pointers (`bufs_[0]->`): privatized in the plan, but the emitted code kept the shared Blob.
#include <vector>
#include <cfloat>
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"
namespace caffe {

template <typename Dtype>
class RcVecBlobCtrlLayer : public Layer<Dtype> {
 public:
  explicit RcVecBlobCtrlLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    bufs_.resize(1);
    bufs_[0].reset(new Blob<Dtype>());
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    top[0]->ReshapeLike(*bottom[0]);
    dim_ = bottom[0]->count(1);
    bufs_[0]->Reshape(vector<int>(1, dim_));
  }
  virtual inline int ExactNumTopBlobs() const { return 1; }
  virtual inline int ExactNumBottomBlobs() const { return 1; }
  virtual inline const char* type() const { return "RcVecBlobCtrl"; }
 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {

    const Dtype* x = bottom[0]->cpu_data();
    Dtype* y = top[0]->mutable_cpu_data();
    const int num = bottom[0]->num();
    // CGP-MUTANT: unsafe class=scratch reason=cross-sample-dependence
    for (int n = 0; n < num; ++n) {
      Dtype* s = bufs_[0]->mutable_cpu_data();
      for (int k = 0; k < dim_; ++k) s[k] = x[n * dim_ + k] * Dtype(2);
      for (int k = 0; k < dim_; ++k) y[n * dim_ + k] = s[k] + Dtype(1);
    }
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {

  }
  int dim_;
  vector<shared_ptr<Blob<Dtype> > > bufs_;
};
INSTANTIATE_CLASS(RcVecBlobCtrlLayer);
REGISTER_LAYER_CLASS(RcVecBlobCtrl);
}  // namespace caffe
