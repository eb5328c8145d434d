// From SigmoidLayer::Forward_cpu (caffe_src/src/caffe/layers/sigmoid_layer.cpp).
// Control (fourteenth red team): the same `rank.at(label)` inside a try block whose handler
// takes out_of_range: nothing leaves the iteration; it stays parallel.
#include <cmath>
#include <vector>
#include <map>
#include <stdexcept>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSOwnAtCaughtLayer : public Layer<Dtype> {
 public:
  explicit MutSOwnAtCaughtLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSOwnAtCaught"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
  Blob<Dtype> scratch_;
};

template <typename Dtype>
void MutSOwnAtCaughtLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    std::map<int, int> rank;
    for (int k = 0; k < dim_; ++k) {
      rank[k] = dim_ - k;
    }
    const int label = static_cast<int>(bottom_data[n * dim_]);
    int r = 0;
    try {
      r = rank.at(label);
    } catch (const std::out_of_range&) {
      r = 0;
    }
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = Dtype(r) / (Dtype(1) + std::exp(-bottom_data[n * dim_ + k]));
    }
  }
}

template <typename Dtype>
void MutSOwnAtCaughtLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSOwnAtCaughtLayer);
REGISTER_LAYER_CLASS(MutSOwnAtCaught);

}  // namespace caffe
