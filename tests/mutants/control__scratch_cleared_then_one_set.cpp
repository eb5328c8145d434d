// Control: a member scratch Blob cleared whole (`caffe_set(dim_, ...)`) in every sample,
// then one element set, then all of it read: each read is of what this sample wrote.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutCClearOneLayer : public Layer<Dtype> {
 public:
  explicit MutCClearOneLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    buf_.ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutCClearOne"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
  Blob<Dtype> buf_;
};

template <typename Dtype>
void MutCClearOneLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                           const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* s = buf_.mutable_cpu_data();
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    caffe_set(dim_, Dtype(0), s);
    s[0] = bottom_data[n * dim_];
    for (int i = 0; i < dim_; ++i) {
      top_data[n * dim_ + i] = std::max(bottom_data[n * dim_ + i], Dtype(0)) + s[i];
    }
  }
}

INSTANTIATE_CLASS(MutCClearOneLayer);
REGISTER_LAYER_CLASS(MutCClearOne);

}  // namespace caffe
