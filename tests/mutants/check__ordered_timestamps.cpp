// From InnerProductLayer-era input validation (caffe_src/src/caffe/layers/inner_product_layer.cpp
// style CHECKs), in a sigmoid layer.
// Edit: a streaming layer checks that the samples' time stamps (bottom[1]) never go backwards:
// CHECK_GE(stamp, last_stamp), then last_stamp = stamp. The check of sample n reads the stamp
// sample n-1 stored; run in parallel it compares against another sample's stamp (or an
// uninitialized private copy) and aborts, or lets a bad batch through, unlike the loop.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutROrderedStampsLayer : public Layer<Dtype> {
 public:
  explicit MutROrderedStampsLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutROrderedStamps"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, dim_;
};

template <typename Dtype>
void MutROrderedStampsLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* stamps = bottom[1]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype last_stamp = -1;
  // CGP-MUTANT: unsafe class=early-exit reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const Dtype stamp = stamps[n];
    CHECK_GE(stamp, last_stamp) << "sample " << n << " goes back in time";
    last_stamp = stamp;
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = Dtype(1) / (Dtype(1) + std::exp(-bottom_data[n * dim_ + k]));
    }
  }
}

INSTANTIATE_CLASS(MutROrderedStampsLayer);
REGISTER_LAYER_CLASS(MutROrderedStamps);

}  // namespace caffe
