// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp), as a packer.
// Edit (twentieth red team): pack each sample's leading positives: `*out++` runs
// `static_cast<int>(stat[0])` times, stat a member scratch Blob holding the sample's count of
// positives. The trip is data-dependent, so out's offset at sample n has no closed form.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSTripScratchPackLayer : public Layer<Dtype> {
 public:
  explicit MutSTripScratchPackLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    tsp_stat_.Reshape(1, 1, 1, 2);
  }
  virtual inline const char* type() const { return "MutSTripScratchPack"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  Blob<Dtype> tsp_stat_;
  int num_, dim_;
};

template <typename Dtype>
void MutSTripScratchPackLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* out = top[0]->mutable_cpu_data();
  Dtype* stat = tsp_stat_.mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), out);
  // CGP-MUTANT: unsafe class=induction reason=unprovable-induction
  for (int n = 0; n < num_; ++n) {
    stat[0] = 0;
    for (int k = 0; k < dim_; ++k) {
      stat[0] += (bottom_data[n * dim_ + k] > Dtype(0));
    }
    for (int k = 0; k < static_cast<int>(stat[0]); ++k) {
      *out++ = bottom_data[n * dim_ + k];
    }
  }
}

template <typename Dtype>
void MutSTripScratchPackLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSTripScratchPackLayer);
REGISTER_LAYER_CLASS(MutSTripScratchPack);

}  // namespace caffe
