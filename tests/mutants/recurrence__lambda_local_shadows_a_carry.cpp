// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp).
// Edit (eighteenth red team): a running sum `acc` declared before the loop, and a std::sort
// comparator lambda that declares a local `Dtype acc = a - b;`. The lambda's locals, walked
// where sort calls it, made the outer `acc += row[0]` look like the sample's own.
#include <cmath>
#include <vector>
#include <algorithm>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSLambdaLocalShadowLayer : public Layer<Dtype> {
 public:
  explicit MutSLambdaLocalShadowLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSLambdaLocalShadow"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
};

template <typename Dtype>
void MutSLambdaLocalShadowLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype acc = 0;
  // CGP-MUTANT: unsafe class=scope-shadowing reason=unsupported-form
  for (int n = 0; n < num_; ++n) {
    vector<Dtype> row(bottom_data + n * dim_, bottom_data + (n + 1) * dim_);
    std::sort(row.begin(), row.end(), [](Dtype a, Dtype b) { Dtype acc = a - b; return acc < 0; });
    acc += row[0];
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = std::max(row[k], Dtype(0)) + acc;
    }
  }
}

template <typename Dtype>
void MutSLambdaLocalShadowLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSLambdaLocalShadowLayer);
REGISTER_LAYER_CLASS(MutSLambdaLocalShadow);

}  // namespace caffe
