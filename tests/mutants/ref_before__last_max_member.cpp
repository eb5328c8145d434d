// From SoftmaxLayer::Forward_cpu (caffe_src/src/caffe/layers/softmax_layer.cpp).
// Edit: for a numerical-stability probe the layer remembers the max logit of the last sample
// it processed in a member. The author binds a reference to the member before the batch loop
// and assigns it per sample; Backward reads it. Every sample writes the same member, and the
// value that must survive is the last sample's.
#include <algorithm>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRLastMaxRefLayer : public Layer<Dtype> {
 public:
  explicit MutRLastMaxRefLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutRLastMaxRef"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {
    if (last_max_ > Dtype(80)) LOG(WARNING) << "large logits: " << last_max_;
  }
  Dtype last_max_;
  int num_, dim_;
};

template <typename Dtype>
void MutRLastMaxRefLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                             const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype& last_max = this->last_max_;
  // CGP-MUTANT: unsafe class=ref-alias reason=aliasing
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + n * dim_;
    Dtype* out = top_data + n * dim_;
    Dtype m = in[0];
    for (int k = 1; k < dim_; ++k) m = std::max(m, in[k]);
    last_max = m;
    Dtype sum = 0;
    for (int k = 0; k < dim_; ++k) {
      out[k] = std::exp(in[k] - m);
      sum += out[k];
    }
    caffe_scal(dim_, Dtype(1) / sum, out);
  }
}

INSTANTIATE_CLASS(MutRLastMaxRefLayer);
REGISTER_LAYER_CLASS(MutRLastMaxRef);

}  // namespace caffe
