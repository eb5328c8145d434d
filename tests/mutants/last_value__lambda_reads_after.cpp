// From the MVN idiom (caffe_src BatchNormLayer, batch_norm_layer.cpp), per sample.
// Edit: each sample is scaled to unit norm; an optional second top reports the norm of
// the last sample. The author writes the report as a lambda defined at the top of Forward,
// capturing `last_norm` by reference, and calls it after the loop: what it reads is the last
// sample's value, which the loop must leave in `last_norm`.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRLambdaReportLayer : public Layer<Dtype> {
 public:
  explicit MutRLambdaReportLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    if (top.size() > 1) top[1]->Reshape(vector<int>(0));
  }
  virtual inline const char* type() const { return "MutRLambdaReport"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, dim_;
};

template <typename Dtype>
void MutRLambdaReportLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype last_norm = 0;
  auto report = [&]() {
    if (top.size() > 1) top[1]->mutable_cpu_data()[0] = last_norm;
  };
  // CGP-MUTANT: unsafe class=scratch-read-after reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    last_norm = std::sqrt(caffe_cpu_dot(dim_, bottom_data + n * dim_, bottom_data + n * dim_));
    caffe_cpu_scale(dim_, Dtype(1) / (last_norm + Dtype(1e-6)), bottom_data + n * dim_,
                    top_data + n * dim_);
  }
  report();
}

INSTANTIATE_CLASS(MutRLambdaReportLayer);
REGISTER_LAYER_CLASS(MutRLambdaReport);

}  // namespace caffe
