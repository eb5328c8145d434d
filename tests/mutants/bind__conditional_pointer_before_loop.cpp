// From EltwiseLayer's SUM (caffe_src/src/caffe/layers/eltwise_layer.cpp): top = a - b.
// Edit: a temporal-difference layer: by default each frame (sample) subtracts the previous
// frame of the same input (`ref = bottom_data - dim_`, used from n = 1); when a second input
// is given, it subtracts that input instead. The choice is made before the loop by an if that
// reassigns `ref`. Run in place (top = bottom, as difference layers often are), sample n
// reads the slice sample n - 1 overwrites.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSFrameDiffLayer : public Layer<Dtype> {
 public:
  explicit MutSFrameDiffLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSFrameDiff"; }
  virtual inline int MinBottomBlobs() const { return 1; }
  virtual inline int MaxBottomBlobs() const { return 2; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, dim_;
};

template <typename Dtype>
void MutSFrameDiffLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                            const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const bool given = bottom.size() > 1;
  const Dtype* ref = bottom_data - dim_;
  if (given) {
    ref = bottom[1]->cpu_data();
  }
  // CGP-MUTANT: unsafe class=cross-sample reason=aliasing guard=bottom[0]
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      const Dtype r = (given || n > 0) ? ref[n * dim_ + k] : Dtype(0);
      top_data[n * dim_ + k] = bottom_data[n * dim_ + k] - r;
    }
  }
}

INSTANTIATE_CLASS(MutSFrameDiffLayer);
REGISTER_LAYER_CLASS(MutSFrameDiff);

}  // namespace caffe
