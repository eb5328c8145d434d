// From ConcatLayer-style packing (caffe_src/src/caffe/layers/concat_layer.cpp).
// Edit: a "pack sequences" layer for variable-length inputs: bottom[1] holds each sample's
// valid length (in steps of `step_dim_` values); the valid steps of every sample are packed
// back to back into top. The output pointer advances once per valid step, in an inner for
// loop whose trip count is the sample's own length, read inside the iteration.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRPackSequencesLayer : public Layer<Dtype> {
 public:
  explicit MutRPackSequencesLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    steps_ = bottom[0]->channels();
    step_dim_ = bottom[0]->count(2);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutRPackSequences"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, steps_, step_dim_;
};

template <typename Dtype>
void MutRPackSequencesLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* lengths = bottom[1]->cpu_data();
  Dtype* out = top[0]->mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), out);
  // CGP-MUTANT: unsafe class=skipped-increment reason=unprovable-induction
  for (int n = 0; n < num_; ++n) {
    const int len = static_cast<int>(lengths[n]);
    for (int t = 0; t < len; ++t) {
      caffe_copy(step_dim_, bottom_data + bottom[0]->offset(n, t), out);
      out += step_dim_;
    }
  }
}

INSTANTIATE_CLASS(MutRPackSequencesLayer);
REGISTER_LAYER_CLASS(MutRPackSequences);

}  // namespace caffe
