// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp).
// Edit (nineteenth red team): a std::string `tag` grown by `+=` a char per sample and read after
// the loop. `+=` on a string appends in order, not a sum: partial strings start from `-T(0)`,
// which a string has no operator- for, and the region does not even build.
#include <cmath>
#include <vector>
#include <algorithm>
#include <string>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSStringAccLayer : public Layer<Dtype> {
 public:
  explicit MutSStringAccLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSStringAcc"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
};

template <typename Dtype>
void MutSStringAccLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  std::string tag;
  // CGP-MUTANT: unsafe class=recurrence reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int k = 1; k < dim_; ++k) {
      top_data[n * dim_ + k] = std::max(bottom_data[n * dim_ + k], Dtype(0));
    }
    top_data[n * dim_] = bottom_data[n * dim_] * Dtype(3);
    tag += (bottom_data[n * dim_] > 0 ? 'p' : 'n');
  }
  top_data[0] += tag.size() + (tag[0] == 'p');
}

template <typename Dtype>
void MutSStringAccLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSStringAccLayer);
REGISTER_LAYER_CLASS(MutSStringAcc);

}  // namespace caffe
