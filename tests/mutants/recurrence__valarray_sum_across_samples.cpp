// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp).
// Edit (nineteenth red team): a std::valarray `hist` summed across samples with `+=` and read
// after the loop. A reduction's partial sums start from `-T(0)`, for a valarray an EMPTY one,
// and adding a 4-element valarray to it is undefined: it is no arithmetic sum to split.
#include <cmath>
#include <vector>
#include <algorithm>
#include <valarray>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSValarrayAccLayer : public Layer<Dtype> {
 public:
  explicit MutSValarrayAccLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSValarrayAcc"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
};

template <typename Dtype>
void MutSValarrayAccLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  std::valarray<Dtype> hist(Dtype(0), 4);
  // CGP-MUTANT: unsafe class=recurrence reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int k = 1; k < dim_; ++k) {
      top_data[n * dim_ + k] = std::max(bottom_data[n * dim_ + k], Dtype(0));
    }
    top_data[n * dim_] = bottom_data[n * dim_] * Dtype(3);
    hist += std::valarray<Dtype>(bottom_data[n * dim_], 4);
  }
  top_data[0] += hist[3];
}

template <typename Dtype>
void MutSValarrayAccLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSValarrayAccLayer);
REGISTER_LAYER_CLASS(MutSValarrayAcc);

}  // namespace caffe
