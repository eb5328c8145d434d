// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp), as a packer.
// Edit (twenty-first red team, guard_const_alias): keep only the samples whose first value is
// positive, packed, the test read from a member scratch Blob the sample itself just filled,
// through a `const Dtype*` taken before the loop (`seen = stat_.cpu_data()`). The pointer is
// const but its memory is what the loop writes (through `s`): the condition changes per sample
// and out has no closed form.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutAPackConstAliasLayer : public Layer<Dtype> {
 public:
  explicit MutAPackConstAliasLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    apca_num_ = bottom[0]->num();
    apca_dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    apca_stat_.Reshape(1, 1, 1, 2);
  }
  virtual inline const char* type() const { return "MutAPackConstAlias"; }
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    this->blobs_.resize(1);
    this->blobs_[0].reset(new Blob<Dtype>(1, 1, 1, bottom[0]->count(1)));
    apca_flag_ = false;
  }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  Blob<Dtype> apca_stat_;
  bool apca_flag_;
  int apca_num_, apca_dim_;
};

template <typename Dtype>
void MutAPackConstAliasLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* out = top[0]->mutable_cpu_data();
  Dtype* s = apca_stat_.mutable_cpu_data();
  const Dtype* seen = apca_stat_.cpu_data();
  caffe_set(top[0]->count(), Dtype(0), out);
  // CGP-MUTANT: unsafe class=skipped-increment reason=unprovable-induction
  for (int n = 0; n < apca_num_; ++n) {
    s[0] = bottom_data[n * apca_dim_];
    if (seen[0] > 0) {
      for (int k = 0; k < apca_dim_; ++k) {
        out[k] = std::max(bottom_data[n * apca_dim_ + k], Dtype(0));
      }
      out += apca_dim_;
    }
  }
}

template <typename Dtype>
void MutAPackConstAliasLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutAPackConstAliasLayer);
REGISTER_LAYER_CLASS(MutAPackConstAlias);

}  // namespace caffe
