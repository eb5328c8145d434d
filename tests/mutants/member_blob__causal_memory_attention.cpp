// From InnerProductLayer and SoftmaxLayer (inner_product_layer.cpp, softmax_layer.cpp).
// Edit: a causal memory layer for sequences laid out along the batch: each sample stores its
// key (the input scaled) in a member Blob of N x K slots, then attends over the keys of the
// samples up to and including itself (`const int seen = n + 1;` bounds the inner loop), as
// weights and as values. Every sample reads the slots the samples before it wrote.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSCausalMemoryLayer : public Layer<Dtype> {
 public:
  explicit MutSCausalMemoryLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    temperature_ = this->layer_param_.power_param().scale();
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    keys_.ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSCausalMemory"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Blob<Dtype> keys_;
  Dtype temperature_;
  int num_, dim_;
};

template <typename Dtype>
void MutSCausalMemoryLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                               const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* keys = keys_.mutable_cpu_data();
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    caffe_cpu_scale(dim_, Dtype(1) / temperature_, bottom_data + n * dim_, keys + n * dim_);
    const int seen = n + 1;
    Dtype total = 0;
    caffe_set(dim_, Dtype(0), top_data + n * dim_);
    for (int j = 0; j < seen; ++j) {
      const Dtype w = std::exp(caffe_cpu_dot(dim_, keys + j * dim_, bottom_data + n * dim_));
      total += w;
      caffe_axpy(dim_, w, keys + j * dim_, top_data + n * dim_);
    }
    caffe_scal(dim_, Dtype(1) / total, top_data + n * dim_);
  }
}

INSTANTIATE_CLASS(MutSCausalMemoryLayer);
REGISTER_LAYER_CLASS(MutSCausalMemory);

}  // namespace caffe
