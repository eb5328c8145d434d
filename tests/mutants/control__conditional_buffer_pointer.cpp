// Control (issue 25): a bias diff chosen between two Blobs' buffers by a value conditional
// (`c ? blobs_[0]->mutable_cpu_diff() : bottom[1]->mutable_cpu_diff()`): either buffer, summed.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutEitherBufferBiasLayer : public Layer<Dtype> {
 public:
  explicit MutEitherBufferBiasLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
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
  virtual inline const char* type() const { return "MutEitherBufferBias"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {}
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_;
  int dim_;
};

template <typename Dtype>
void MutEitherBufferBiasLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
                                             const vector<bool>& propagate_down,
                                             const vector<Blob<Dtype>*>& bottom) {
  const bool own = bottom.size() == 1;
  const Dtype* top_diff = top[0]->cpu_diff();
  Dtype* bias_diff = own ? this->blobs_[0]->mutable_cpu_diff() : bottom[1]->mutable_cpu_diff();
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    caffe_axpy(dim_, Dtype(1), top_diff + n * dim_, bias_diff);
  }
}

INSTANTIATE_CLASS(MutEitherBufferBiasLayer);
REGISTER_LAYER_CLASS(MutEitherBufferBias);

}  // namespace caffe
