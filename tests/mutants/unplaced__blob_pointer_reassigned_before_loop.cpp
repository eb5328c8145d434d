// From inplace__subtract_first_sample.cpp's reference-frame layer (EltwiseLayer's SUM,
// caffe_src/src/caffe/layers/eltwise_layer.cpp): every sample minus the batch's first, run in
// place (top[0] == bottom[0]): sample 0 zeroes its own data first, and the later samples read
// sample 0. Edit: the frame is read through a local Blob pointer that starts at a member Blob
// (`&mean_`) and is set to bottom[0] before the loop; only the initializer was followed, so
// the read looked like one of mean_.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutUnplacedRefFrameReassignedLayer : public Layer<Dtype> {
 public:
  explicit MutUnplacedRefFrameReassignedLayer(const LayerParameter& param)
      : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    use_input_ = true;
    mean_.Reshape(bottom[0]->shape());
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutUnplacedRefFrameReassigned"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Blob<Dtype> mean_;
  bool use_input_;
  int num_;
  int dim_;
};

template <typename Dtype>
void MutUnplacedRefFrameReassignedLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  Blob<Dtype>* source = &mean_;
  if (use_input_) {
    source = bottom[0];
  }
  const Dtype* bottom_data = source->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=aliasing reason=aliasing
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = bottom_data[n * dim_ + k] - bottom_data[k];
    }
  }
}

INSTANTIATE_CLASS(MutUnplacedRefFrameReassignedLayer);
REGISTER_LAYER_CLASS(MutUnplacedRefFrameReassigned);

}  // namespace caffe
