// Edit of ReLULayer that fills half of a member scratch Blob (`caffe_set(dim_ / 2, ...)`)
// and reads all of it with `caffe_axpy(dim_, ...)`. (red team, 2026-12-05, fifth round: came back parallel before)
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutKHalfSetLayer : public Layer<Dtype> {
 public:
  explicit MutKHalfSetLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    buf_.ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutKHalfSet"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
  Blob<Dtype> buf_;
};

template <typename Dtype>
void MutKHalfSetLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                          const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* s = buf_.mutable_cpu_data();
  // CGP-MUTANT: unsafe class=scratch-read-after reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    caffe_set(dim_ / 2, bottom_data[n * dim_], s);
    for (int i = 0; i < dim_; ++i) {
      top_data[n * dim_ + i] = std::max(bottom_data[n * dim_ + i], Dtype(0));
    }
    caffe_axpy(dim_, Dtype(1), s, top_data + n * dim_);
  }
}

INSTANTIATE_CLASS(MutKHalfSetLayer);
REGISTER_LAYER_CLASS(MutKHalfSet);

}  // namespace caffe
