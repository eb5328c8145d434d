// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp), as a packer.
// Edit (twentieth red team): keep only the samples of positive sum, packed: `out += dim_` runs
// under `if (stat[0] > 0)`, stat a member scratch Blob the sample itself just filled. The
// privatized scratch made the guard look per-sample-invariant; where sample n writes depends on
// how many earlier samples passed, so the pointer has no closed form.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSGuardScratchPackLayer : public Layer<Dtype> {
 public:
  explicit MutSGuardScratchPackLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    gsp_stat_.Reshape(1, 1, 1, 2);
  }
  virtual inline const char* type() const { return "MutSGuardScratchPack"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  Blob<Dtype> gsp_stat_;
  int num_, dim_;
};

template <typename Dtype>
void MutSGuardScratchPackLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* out = top[0]->mutable_cpu_data();
  Dtype* stat = gsp_stat_.mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), out);
  // CGP-MUTANT: unsafe class=skipped-increment reason=unprovable-induction
  for (int n = 0; n < num_; ++n) {
    stat[0] = 0;
    for (int k = 0; k < dim_; ++k) {
      stat[0] += bottom_data[n * dim_ + k];
    }
    if (stat[0] > 0) {
      for (int k = 0; k < dim_; ++k) {
        out[k] = bottom_data[n * dim_ + k] / stat[0];
      }
      out += dim_;
    }
  }
}

template <typename Dtype>
void MutSGuardScratchPackLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSGuardScratchPackLayer);
REGISTER_LAYER_CLASS(MutSGuardScratchPack);

}  // namespace caffe
