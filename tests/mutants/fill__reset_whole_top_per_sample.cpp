// From SoftmaxLayer (caffe_src/src/caffe/layers/softmax_layer.cpp), one-hot argmax.
// Edit: a one-hot argmax layer clears the whole of top with std::fill at every sample
// (the author meant the sample's row) before setting the argmax: each sample erases what the
// samples before it wrote.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRFillResetLayer : public Layer<Dtype> {
 public:
  explicit MutRFillResetLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutRFillReset"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, dim_;
};

template <typename Dtype>
void MutRFillResetLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int count = top[0]->count();
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    std::fill(top_data, top_data + count, Dtype(0));
    int best = 0;
    for (int k = 1; k < dim_; ++k) {
      if (bottom_data[n * dim_ + k] > bottom_data[n * dim_ + best]) best = k;
    }
    top_data[n * dim_ + best] = Dtype(1);
  }
}

INSTANTIATE_CLASS(MutRFillResetLayer);
REGISTER_LAYER_CLASS(MutRFillReset);

}  // namespace caffe
