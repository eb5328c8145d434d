// Red team 32 (reductions/scratch): unpooling into a scratch at indices from the sample's own data, without clearing it: slots this sample does not hit keep the previous sample's values
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <cstdint>
#include <cstddef>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class Mut32RUnpoolNoClearLayer : public Layer<Dtype> {
 public:
  explicit Mut32RUnpoolNoClearLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom,
                          const vector<Blob<Dtype>*>& top) {
    dim_ = bottom[0]->count(1);
    if (this->blobs_.size() == 0) {
      this->blobs_.resize(1);
      this->blobs_[0].reset(new Blob<Dtype>(vector<int>(1, dim_)));
      caffe_set(dim_, Dtype(0), this->blobs_[0]->mutable_cpu_data());
    }

  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    scratch_.Reshape(vector<int>(1, dim_));

  }
  virtual inline int ExactNumBottomBlobs() const { return 1; }
  virtual inline int ExactNumTopBlobs() const { return 1; }
  virtual inline const char* type() const { return "Mut32RUnpoolNoClear"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);

  Blob<Dtype> scratch_;
  int num_;
  int dim_;
};

template <typename Dtype>
void Mut32RUnpoolNoClearLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* buf = scratch_.mutable_cpu_data();
  // CGP-MUTANT: unsafe class=scratch reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + n * dim_;
    for (int k = 0; k < dim_ / 2; ++k) {
      const int j = std::min(dim_ - 1, std::max(0, static_cast<int>(in[dim_ / 2 + k])));
      buf[j] = in[k];
    }
    caffe_copy(dim_, buf, top_data + n * dim_);
  }
}

template <typename Dtype>
void Mut32RUnpoolNoClearLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
                                     const vector<bool>& propagate_down,
                                     const vector<Blob<Dtype>*>& bottom) {
  const Dtype* top_diff = top[0]->cpu_diff();
  Dtype* bottom_diff = bottom[0]->mutable_cpu_diff();
  if (propagate_down[0]) {
    caffe_copy(num_ * dim_, top_diff, bottom_diff);
  }
}

INSTANTIATE_CLASS(Mut32RUnpoolNoClearLayer);
REGISTER_LAYER_CLASS(Mut32RUnpoolNoClear);

}  // namespace caffe
