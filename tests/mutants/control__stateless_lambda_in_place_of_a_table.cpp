// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp).
// Control (nineteenth red team): the same std::transform over the sample's row with a stateless
// lambda literal in place, `[](Dtype v) { return v > Dtype(0) ? v : Dtype(0); }`: it carries
// nothing from one sample to the next, and the loop stays parallel.
#include <cmath>
#include <vector>
#include <algorithm>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSStatelessTableCtlLayer : public Layer<Dtype> {
 public:
  explicit MutSStatelessTableCtlLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSStatelessTableCtl"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
};

template <typename Dtype>
void MutSStatelessTableCtlLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    vector<Dtype> row(bottom_data + n * dim_, bottom_data + (n + 1) * dim_);
    std::transform(row.begin(), row.end(), row.begin(), [](Dtype v) { return v > Dtype(0) ? v : Dtype(0); });
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = std::max(row[k], Dtype(0));
    }
  }
}

template <typename Dtype>
void MutSStatelessTableCtlLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSStatelessTableCtlLayer);
REGISTER_LAYER_CLASS(MutSStatelessTableCtl);

}  // namespace caffe
