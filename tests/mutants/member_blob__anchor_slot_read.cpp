// From the triplet/siamese use of InnerProductLayer features (inner_product_layer.cpp).
// Edit: an anchor-relative normalizer: each sample's feature norm is stored in a member Blob
// (one slot per sample, kept for Backward), and each sample is scaled by the norm of the
// batch's anchor, sample 0, read from the same member Blob. Sample n > 0 reads the slot
// sample 0 writes in its own iteration.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSAnchorNormLayer : public Layer<Dtype> {
 public:
  explicit MutSAnchorNormLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    norms_.Reshape(num_, 1, 1, 1);
  }
  virtual inline const char* type() const { return "MutSAnchorNorm"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {
    const Dtype* norms = norms_.cpu_data();
    const Dtype* top_diff = top[0]->cpu_diff();
    Dtype* bottom_diff = bottom[0]->mutable_cpu_diff();
    for (int n = 0; n < num_; ++n) {
      caffe_cpu_scale(dim_, Dtype(1) / norms[0], top_diff + n * dim_, bottom_diff + n * dim_);
    }
  }
  Blob<Dtype> norms_;
  int num_, dim_;
};

template <typename Dtype>
void MutSAnchorNormLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                             const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* norms = norms_.mutable_cpu_data();
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    norms[n] = std::sqrt(caffe_cpu_dot(dim_, bottom_data + n * dim_, bottom_data + n * dim_));
    caffe_cpu_scale(dim_, Dtype(1) / norms[0], bottom_data + n * dim_, top_data + n * dim_);
  }
}

INSTANTIATE_CLASS(MutSAnchorNormLayer);
REGISTER_LAYER_CLASS(MutSAnchorNorm);

}  // namespace caffe
