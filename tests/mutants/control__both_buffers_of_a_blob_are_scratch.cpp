// From SigmoidLayer (caffe_src/src/caffe/layers/sigmoid_layer.cpp), with a scratch Blob.
// Control (eighteenth red team): `both_scratch_buf_`'s data and diff are both per-sample
// scratch, each written before it is read in the iteration: privatizing the Blob is right and
// the loop stays parallel.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSBothScratchLayer : public Layer<Dtype> {
 public:
  explicit MutSBothScratchLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    both_scratch_buf_.Reshape(1, 1, 1, dim_);
  }
  virtual inline const char* type() const { return "MutSBothScratch"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  Blob<Dtype> both_scratch_buf_;
  int num_, dim_;
};

template <typename Dtype>
void MutSBothScratchLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* t = both_scratch_buf_.mutable_cpu_data();
  Dtype* s = both_scratch_buf_.mutable_cpu_diff();
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      t[k] = bottom_data[n * dim_ + k] * Dtype(3);
    }
    for (int k = 0; k < dim_; ++k) {
      s[k] = bottom_data[n * dim_ + k] + t[k];
    }
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = s[k] * t[k];
    }
  }
}

template <typename Dtype>
void MutSBothScratchLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSBothScratchLayer);
REGISTER_LAYER_CLASS(MutSBothScratch);

}  // namespace caffe
