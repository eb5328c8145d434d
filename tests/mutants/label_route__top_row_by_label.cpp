// From AccuracyLayer per-class output (caffe_src/src/caffe/layers/accuracy_layer.cpp).
// Edit: each sample is written to the row of top given by its label (a batch-shaped top
// used as a per-class table): samples with the same label overwrite the same row.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRRouteByClassLayer : public Layer<Dtype> {
 public:
  explicit MutRRouteByClassLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutRRouteByClass"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, dim_;
};

template <typename Dtype>
void MutRRouteByClassLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* label = bottom[1]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const int row = static_cast<int>(label[n]);
    for (int k = 0; k < dim_; ++k) {
      top_data[row * dim_ + k] = std::max(bottom_data[n * dim_ + k], Dtype(0));
    }
  }
}

INSTANTIATE_CLASS(MutRRouteByClassLayer);
REGISTER_LAYER_CLASS(MutRRouteByClass);

}  // namespace caffe
