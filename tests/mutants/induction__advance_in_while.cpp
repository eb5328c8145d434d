// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp), as a packer.
// Edit: a "keep the active frames" layer: each sample holds `frames_` frames of `frame_dim_`
// values; the frames of a sample whose energy is above the threshold are copied, rectified, to
// the next free frame of top. The author walks the frames with a while loop and advances the
// output pointer once per frame kept, so where sample n writes depends on how many frames the
// samples before it kept.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRActiveFramesLayer : public Layer<Dtype> {
 public:
  explicit MutRActiveFramesLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    threshold_ = this->layer_param_.power_param().shift();
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    frames_ = bottom[0]->channels();
    frame_dim_ = bottom[0]->count(2);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutRActiveFrames"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Dtype threshold_;
  int num_, frames_, frame_dim_;
};

template <typename Dtype>
void MutRActiveFramesLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                               const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* out = top[0]->mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), out);
  // CGP-MUTANT: unsafe class=skipped-increment reason=unprovable-induction
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + bottom[0]->offset(n);
    int f = 0;
    while (f < frames_ && caffe_cpu_asum(frame_dim_, in + f * frame_dim_) > threshold_) {
      for (int k = 0; k < frame_dim_; ++k) {
        out[k] = std::max(in[f * frame_dim_ + k], Dtype(0));
      }
      out += frame_dim_;
      ++f;
    }
  }
}

INSTANTIATE_CLASS(MutRActiveFramesLayer);
REGISTER_LAYER_CLASS(MutRActiveFrames);

}  // namespace caffe
