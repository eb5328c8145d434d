// From ConcatLayer::Forward_cpu (caffe_src/src/caffe/layers/concat_layer.cpp).
// Edit: a "context stacking" layer for time-major frames: top row n holds frame n followed by
// frame n+1 (2 * dim values). The author sizes top as num x 2*dim but, copying the pair as one
// block, keeps the bottom's stride (dim_) for the destination: each copy of 2 * dim_ values
// covers its own row and half of the next, which the next sample writes too.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRStackContextLayer : public Layer<Dtype> {
 public:
  explicit MutRStackContextLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    vector<int> shape(2, num_);
    shape[1] = 2 * dim_;
    top[0]->Reshape(shape);
    padded_.Reshape(vector<int>(1, (num_ + 1) * dim_));
  }
  virtual inline const char* type() const { return "MutRStackContext"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Blob<Dtype> padded_;  // the frames and one zero frame after them
  int num_, dim_;
};

template <typename Dtype>
void MutRStackContextLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                               const vector<Blob<Dtype>*>& top) {
  Dtype* padded = padded_.mutable_cpu_data();
  caffe_set(padded_.count(), Dtype(0), padded);
  caffe_copy(bottom[0]->count(), bottom[0]->cpu_data(), padded);
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    caffe_copy(2 * dim_, padded + n * dim_, top_data + n * dim_);
  }
}

INSTANTIATE_CLASS(MutRStackContextLayer);
REGISTER_LAYER_CLASS(MutRStackContext);

}  // namespace caffe
