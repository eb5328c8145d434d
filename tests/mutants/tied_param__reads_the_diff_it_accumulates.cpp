// Twenty-second red team (helper C): LayerSetUp ties `blobs_[1] = blobs_[0]` (as two `param {
// name }` alike in a net do); the loop reads `blobs_[1]`'s diff while every sample adds into
// `blobs_[0]`'s: the sum being built.
#include <vector>
#include <cfloat>
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"
namespace caffe {

template <typename Dtype>
class RcTiedReadLayer : public Layer<Dtype> {
 public:
  explicit RcTiedReadLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    this->blobs_.resize(2);
    this->blobs_[0].reset(new Blob<Dtype>(vector<int>(1, bottom[0]->count(1))));
    this->blobs_[1] = this->blobs_[0];
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    top[0]->ReshapeLike(*bottom[0]);
    dim_ = bottom[0]->count(1);

  }
  virtual inline int ExactNumTopBlobs() const { return 1; }
  virtual inline int ExactNumBottomBlobs() const { return 1; }
  virtual inline const char* type() const { return "RcTiedRead"; }
 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {

    const Dtype* x = bottom[0]->cpu_data();
    Dtype* y = top[0]->mutable_cpu_data();
    Dtype* gd = this->blobs_[0]->mutable_cpu_diff();
    const Dtype* g2 = this->blobs_[1]->cpu_diff();
    const int num = bottom[0]->num();
    // CGP-MUTANT: unsafe class=recurrence reason=cross-sample-dependence
    for (int n = 0; n < num; ++n) {
      for (int k = 0; k < dim_; ++k) {
        y[n * dim_ + k] = x[n * dim_ + k] * g2[k];
      }
      caffe_axpy(dim_, Dtype(1), x + n * dim_, gd);
    }
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {

  }
  int dim_;

};
INSTANTIATE_CLASS(RcTiedReadLayer);
REGISTER_LAYER_CLASS(RcTiedRead);
}  // namespace caffe
