// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp), as a packer.
// Edit (twenty-first red team, guard_const_alias): an inner loop's trip read from a member
// scratch Blob the sample itself just filled, through a `const Dtype*` taken before the loop
// (`kept = stat_.cpu_data()`): the trip changes per sample, so out (stepped in that loop) has no
// closed form.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutATripConstAliasLayer : public Layer<Dtype> {
 public:
  explicit MutATripConstAliasLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    atca_num_ = bottom[0]->num();
    atca_dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    atca_stat_.Reshape(1, 1, 1, 2);
  }
  virtual inline const char* type() const { return "MutATripConstAlias"; }
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    this->blobs_.resize(1);
    this->blobs_[0].reset(new Blob<Dtype>(1, 1, 1, bottom[0]->count(1)));
    atca_flag_ = false;
  }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  Blob<Dtype> atca_stat_;
  bool atca_flag_;
  int atca_num_, atca_dim_;
};

template <typename Dtype>
void MutATripConstAliasLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* out = top[0]->mutable_cpu_data();
  Dtype* s = atca_stat_.mutable_cpu_data();
  const Dtype* kept = atca_stat_.cpu_data();
  caffe_set(top[0]->count(), Dtype(0), out);
  // CGP-MUTANT: unsafe class=induction reason=unprovable-induction
  for (int n = 0; n < atca_num_; ++n) {
    s[1] = bottom_data[n * atca_dim_] > 0 ? Dtype(atca_dim_) : Dtype(1);
    for (int k = 0; k < static_cast<int>(kept[1]); ++k) {
      *out = std::max(bottom_data[n * atca_dim_ + k], Dtype(0));
      ++out;
    }
  }
}

template <typename Dtype>
void MutATripConstAliasLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutATripConstAliasLayer);
REGISTER_LAYER_CLASS(MutATripConstAlias);

}  // namespace caffe
