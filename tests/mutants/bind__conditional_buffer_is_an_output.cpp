// Unsafe: the value conditional may choose bottom[0]'s diff, whose per-sample slices the
// loop also writes: the sum would add into every sample's slice while they are written.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutEitherSelfBiasLayer : public Layer<Dtype> {
 public:
  explicit MutEitherSelfBiasLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    if (bottom.size() == 1) {
      this->blobs_.resize(1);
      this->blobs_[0].reset(new Blob<Dtype>(vector<int>(1, bottom[0]->count(1))));
    }
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutEitherSelfBias"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {}
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_;
  int dim_;
};

template <typename Dtype>
void MutEitherSelfBiasLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
                                             const vector<bool>& propagate_down,
                                             const vector<Blob<Dtype>*>& bottom) {
  const bool own = bottom.size() == 1;
  const Dtype* top_diff = top[0]->cpu_diff();
  Dtype* bias_diff = own ? this->blobs_[0]->mutable_cpu_diff() : bottom[0]->mutable_cpu_diff();
  Dtype* bottom_diff = bottom[0]->mutable_cpu_diff();
  // CGP-MUTANT: unsafe class=aliasing reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    caffe_copy(dim_, top_diff + n * dim_, bottom_diff + n * dim_);
    caffe_axpy(dim_, Dtype(1), top_diff + n * dim_, bias_diff);
  }
}

INSTANTIATE_CLASS(MutEitherSelfBiasLayer);
REGISTER_LAYER_CLASS(MutEitherSelfBias);

}  // namespace caffe
