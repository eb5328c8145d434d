// From AccuracyLayer (caffe_src/src/caffe/layers/accuracy_layer.cpp): per-sample scores.
// Edit: a hard-example report for a two-head classifier. Over the batch, the author tracks the
// single highest wrong-class score of either head, and remembers separately the last sample
// at which the positive head and the negative head raised it (two indices following one max).
// Each index is written only when its head raised the max at that point of the sequence: in a
// block that starts from the initial max, heads raise it where the sequential loop would not.
#include <cfloat>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSHardHeadsLayer : public Layer<Dtype> {
 public:
  explicit MutSHardHeadsLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    vector<int> shape(1, 3);
    top[0]->Reshape(shape);
  }
  virtual inline const char* type() const { return "MutSHardHeads"; }
  virtual inline int ExactNumBottomBlobs() const { return 2; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, dim_;
};

template <typename Dtype>
void MutSHardHeadsLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                            const vector<Blob<Dtype>*>& top) {
  const Dtype* pos = bottom[0]->cpu_data();
  const Dtype* neg = bottom[1]->cpu_data();
  Dtype hardest = -FLT_MAX;
  int pos_sample = -1;
  int neg_sample = -1;
  // CGP-MUTANT: unsafe class=argmax reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    Dtype p = caffe_cpu_asum(dim_, pos + n * dim_);
    Dtype q = caffe_cpu_asum(dim_, neg + n * dim_);
    if (p > hardest) {
      hardest = p;
      pos_sample = n;
    }
    if (q > hardest) {
      hardest = q;
      neg_sample = n;
    }
  }
  Dtype* top_data = top[0]->mutable_cpu_data();
  top_data[0] = hardest;
  top_data[1] = pos_sample;
  top_data[2] = neg_sample;
}

INSTANTIATE_CLASS(MutSHardHeadsLayer);
REGISTER_LAYER_CLASS(MutSHardHeads);

}  // namespace caffe
