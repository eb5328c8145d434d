// From EltwiseLayer's SUM (caffe_src/src/caffe/layers/eltwise_layer.cpp), accumulating
// weighted inputs into top. Edit: an overlap-add synthesis layer for audio: each sample of
// the bottom is one windowed frame of frame_len_ values, and frame n is added into the
// output signal starting at n * hop_. The hop is smaller than the frame, so the slice that
// sample n writes overlaps the slices of samples n + 1, n + 2, ...: the per-sample write
// stride is smaller than what each sample writes, and parallel samples race on the overlap.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutBOverlapAddLayer : public Layer<Dtype> {
 public:
  explicit MutBOverlapAddLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom,
                          const vector<Blob<Dtype>*>& top) {
    // The pooling stride doubles as the hop between frames.
    hop_ = this->layer_param_.pooling_param().stride();
    CHECK_GT(hop_, 0);
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    frame_len_ = bottom[0]->count(1);
    CHECK_LE(hop_, frame_len_);
    vector<int> signal_shape(1, (num_ - 1) * hop_ + frame_len_);
    top[0]->Reshape(signal_shape);
  }
  virtual inline const char* type() const { return "MutBOverlapAdd"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int frame_len_;
  int hop_;
};

template <typename Dtype>
void MutBOverlapAddLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                             const vector<Blob<Dtype>*>& top) {
  const Dtype* frames = bottom[0]->cpu_data();
  Dtype* signal = top[0]->mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), signal);
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < frame_len_; ++k) {
      signal[n * hop_ + k] += frames[n * frame_len_ + k];
    }
  }
}

INSTANTIATE_CLASS(MutBOverlapAddLayer);
REGISTER_LAYER_CLASS(MutBOverlapAdd);

}  // namespace caffe
