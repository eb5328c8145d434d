// From InnerProductLayer::Forward_cpu (caffe_src/src/caffe/layers/inner_product_layer.cpp).
// Edit: a "delta features" layer for frame sequences laid out along the batch: each sample's
// projected feature is written into a member Blob of N x K_ slots, and the output is the
// difference with the previous sample's projected feature, read from the same member Blob
// (the previous slot, written by the previous iteration). The read comes after the sample's
// own write, so "written before read" holds, but of another slot.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSDeltaFeatureLayer : public Layer<Dtype> {
 public:
  explicit MutSDeltaFeatureLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    gain_ = this->layer_param_.power_param().scale();
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    proj_.ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSDeltaFeature"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Blob<Dtype> proj_;
  Dtype gain_;
  int num_, dim_;
};

template <typename Dtype>
void MutSDeltaFeatureLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                               const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* proj = proj_.mutable_cpu_data();
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    caffe_cpu_scale(dim_, gain_, bottom_data + n * dim_, proj + n * dim_);
    for (int k = 0; k < dim_; ++k) {
      const Dtype prev = (n > 0) ? proj[(n - 1) * dim_ + k] : Dtype(0);
      top_data[n * dim_ + k] = proj[n * dim_ + k] - prev;
    }
  }
}

INSTANTIATE_CLASS(MutSDeltaFeatureLayer);
REGISTER_LAYER_CLASS(MutSDeltaFeature);

}  // namespace caffe
