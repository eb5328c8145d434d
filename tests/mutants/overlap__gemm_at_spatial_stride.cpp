// Edit of a 1x1 convolution whose output pointer steps by one channel's plane (`n * spatial`)
// while its gemm writes channels x spatial elements there: samples overlap unless channels is 1.
// (red team, 2026-12-06, eighth round: came back parallel before)
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutXGemmSpatialLayer : public Layer<Dtype> {
 public:
  explicit MutXGemmSpatialLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutXGemmSpatial"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutXGemmSpatialLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int num = bottom[0]->num();
  const int dim = bottom[0]->count(1);
  const int channels = bottom[0]->channels();
  const int spatial = bottom[0]->count(2);
  const Dtype* w = this->blobs_[0]->cpu_data();
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num; ++n) {
    caffe_cpu_gemm<Dtype>(CblasNoTrans, CblasNoTrans, channels, spatial, channels, Dtype(1), w,
                          bottom_data + n * dim, Dtype(0), top_data + n * spatial);
  }
}

INSTANTIATE_CLASS(MutXGemmSpatialLayer);
REGISTER_LAYER_CLASS(MutXGemmSpatial);

}  // namespace caffe
