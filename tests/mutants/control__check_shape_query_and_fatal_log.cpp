// From SigmoidLayer::Forward_cpu (caffe_src/src/caffe/layers/sigmoid_layer.cpp).
// Control (tenth red team): CHECKs whose conditions call only shape queries, and a LOG(FATAL)
// whose message calls a function: it runs only when the process ends. Stays parallel.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

inline int CountCalls() {
  static int calls = 0;
  return ++calls;
}

template <typename Dtype>
class MutSCheckedShapesLayer : public Layer<Dtype> {
 public:
  explicit MutSCheckedShapesLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSCheckedShapes"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
};

template <typename Dtype>
void MutSCheckedShapesLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    CHECK_LT(n, bottom[0]->num()) << "sample " << n << " past the batch";
    CHECK_EQ(dim_, bottom[0]->count(1));
    if (dim_ < 0) {
      LOG(FATAL) << "negative size, call " << CountCalls();
    }
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = Dtype(1) / (Dtype(1) + std::exp(-bottom_data[n * dim_ + k]));
    }
  }
}

template <typename Dtype>
void MutSCheckedShapesLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSCheckedShapesLayer);
REGISTER_LAYER_CLASS(MutSCheckedShapes);

}  // namespace caffe
