// Unsafe: a Blob constructed per sample that shares the output's data: every sample's
// writes through it land in the whole of top[0].
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutBlobSharesTopLayer : public Layer<Dtype> {
 public:
  explicit MutBlobSharesTopLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    channels_ = bottom[0]->channels();
    spatial_ = bottom[0]->count(2);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutBlobSharesTop"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int channels_;
  int spatial_;
};

template <typename Dtype>
void MutBlobSharesTopLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                             const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int dim = channels_ * spatial_;
  // CGP-MUTANT: unsafe class=aliasing reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    Blob<Dtype> gate(vector<int>(1, channels_));
    gate.ShareData(*top[0]);
    Dtype* g = gate.mutable_cpu_data();
    for (int c = 0; c < channels_; ++c) {
      Dtype mean = 0;
      for (int s = 0; s < spatial_; ++s) mean += bottom_data[n * dim + c * spatial_ + s];
      g[c] = Dtype(1) / (Dtype(1) + std::exp(-mean / spatial_));
    }
    const Dtype* gc = gate.cpu_data();
    for (int c = 0; c < channels_; ++c) {
      for (int s = 0; s < spatial_; ++s) {
        top_data[n * dim + c * spatial_ + s] = bottom_data[n * dim + c * spatial_ + s] * gc[c];
      }
    }
  }
}

INSTANTIATE_CLASS(MutBlobSharesTopLayer);
REGISTER_LAYER_CLASS(MutBlobSharesTop);

}  // namespace caffe
