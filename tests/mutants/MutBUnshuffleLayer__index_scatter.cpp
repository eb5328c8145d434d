// From ConcatLayer / SplitLayer's per-sample copies (caffe_src/src/caffe/layers/concat_layer.cpp):
// each sample of the bottom is copied into a slice of the top. Edit: an "unshuffle" layer
// whose second bottom holds, for every sample, the batch position it came from before a
// shuffle; sample n is copied to top sample dest = bottom[1][n]. The write index is loaded
// from memory and crosses samples: two samples with the same destination (or any
// destination other than n) make iterations write each other's slices.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutBUnshuffleLayer : public Layer<Dtype> {
 public:
  explicit MutBUnshuffleLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    CHECK_EQ(bottom[1]->count(), bottom[0]->num())
        << "bottom[1] must hold one destination index per sample.";
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutBUnshuffle"; }
  virtual inline int ExactNumBottomBlobs() const { return 2; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutBUnshuffleLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                            const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* dest_index = bottom[1]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const int dest = static_cast<int>(dest_index[n]);
    DCHECK_GE(dest, 0);
    DCHECK_LT(dest, num_);
    for (int k = 0; k < dim_; ++k) {
      top_data[dest * dim_ + k] = bottom_data[n * dim_ + k];
    }
  }
}

INSTANTIATE_CLASS(MutBUnshuffleLayer);
REGISTER_LAYER_CLASS(MutBUnshuffle);

}  // namespace caffe
