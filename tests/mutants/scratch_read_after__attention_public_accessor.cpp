// From caffe_src's SoftmaxLayer, used as attention pooling: per sample, a softmax over the
// spatial positions of a score map (bottom[1]) weights the features (bottom[0]) into one
// vector per channel. The softmax weights of one sample live in a member scratch Blob.
// Edit: a public accessor, attention_weights(), returns that scratch so that a visualization
// tool can draw "the attention map" after Forward: it reads the last sample's weights as left
// by the batch loop. Parallel execution privatizes (or races on) the scratch, so the accessor
// would no longer return the last sample's map.
#include <algorithm>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutAttentionPoolLayer : public Layer<Dtype> {
 public:
  explicit MutAttentionPoolLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    CHECK_EQ(4, bottom[0]->num_axes());
    CHECK_EQ(bottom[0]->num(), bottom[1]->num());
    CHECK_EQ(bottom[0]->count(2), bottom[1]->count(1)) << "one score per position";
    num_ = bottom[0]->num();
    channels_ = bottom[0]->channels();
    spatial_ = bottom[0]->count(2);
    vector<int> top_shape(2);
    top_shape[0] = num_;
    top_shape[1] = channels_;
    top[0]->Reshape(top_shape);
    vector<int> map_shape(1, spatial_);
    weights_.Reshape(map_shape);
  }
  virtual inline const char* type() const { return "MutAttentionPool"; }
  virtual inline int ExactNumBottomBlobs() const { return 2; }
  virtual inline int ExactNumTopBlobs() const { return 1; }
  // The attention map of the most recent sample, for visualization.
  const Blob<Dtype>& attention_weights() const { return weights_; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  Blob<Dtype> weights_;
  int num_, channels_, spatial_;
};

template <typename Dtype>
void MutAttentionPoolLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                               const vector<Blob<Dtype>*>& top) {
  const Dtype* feature = bottom[0]->cpu_data();
  const Dtype* score = bottom[1]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* weights = weights_.mutable_cpu_data();
  // CGP-MUTANT: unsafe class=scratch-read-after reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const Dtype* s = score + n * spatial_;
    Dtype max_val = s[0];
    for (int p = 1; p < spatial_; ++p) max_val = std::max(max_val, s[p]);
    Dtype sum = 0;
    for (int p = 0; p < spatial_; ++p) {
      weights[p] = std::exp(s[p] - max_val);
      sum += weights[p];
    }
    caffe_scal(spatial_, Dtype(1) / sum, weights);
    // top(n, c) = <feature(n, c, :), weights>
    caffe_cpu_gemv<Dtype>(CblasNoTrans, channels_, spatial_, Dtype(1),
                          feature + n * channels_ * spatial_, weights, Dtype(0),
                          top_data + n * channels_);
  }
}

INSTANTIATE_CLASS(MutAttentionPoolLayer);
REGISTER_LAYER_CLASS(MutAttentionPool);

}  // namespace caffe
