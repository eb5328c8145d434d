// From PowerLayer (caffe_src/src/caffe/layers/power_layer.cpp), over several bottoms.
// Edit: a streaming normalizer whose bottoms are consecutive chunks of one stream (same
// shape): each frame is scaled by its own energy plus the energy of the last frame of the
// previous chunk. The author keeps the last frame's energy in `last`, a local declared before
// the loop over bottoms; the batch loop writes it for every frame, and the next round of the
// bottom loop reads what the batch loop's last sample left there.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRChunkNormLayer : public Layer<Dtype> {
 public:
  explicit MutRChunkNormLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    for (int i = 0; i < bottom.size(); ++i) top[i]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutRChunkNorm"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, dim_;
};

template <typename Dtype>
void MutRChunkNormLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                            const vector<Blob<Dtype>*>& top) {
  const Dtype eps = Dtype(1e-6);
  Dtype last = 0;  // energy of the previous chunk's last frame
  for (int i = 0; i < bottom.size(); ++i) {
    const Dtype* in = bottom[i]->cpu_data();
    Dtype* out = top[i]->mutable_cpu_data();
    const Dtype carried = last;
    // CGP-MUTANT: unsafe class=scratch-read-after reason=cross-sample-dependence
    for (int n = 0; n < num_; ++n) {
      last = caffe_cpu_dot(dim_, in + n * dim_, in + n * dim_) / dim_;
      caffe_cpu_scale(dim_, Dtype(1) / std::sqrt(last + carried + eps), in + n * dim_,
                      out + n * dim_);
    }
  }
}

INSTANTIATE_CLASS(MutRChunkNormLayer);
REGISTER_LAYER_CLASS(MutRChunkNorm);

}  // namespace caffe
