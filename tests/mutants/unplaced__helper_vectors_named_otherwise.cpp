// From inplace__subtract_first_sample.cpp's reference-frame layer (EltwiseLayer's SUM,
// caffe_src/src/caffe/layers/eltwise_layer.cpp): every sample minus the batch's first, run in
// place (top[0] == bottom[0]): sample 0 zeroes its own data first, and the later samples read
// sample 0. Edit: the loop is in a helper whose Blob vectors are named src and dst
// (`Apply(bottom, top)`): src[0] and dst[0] have no known in-place pairing, so the read of the
// same elements of src[0] was checked against no written Blob.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutUnplacedRefFrameHelperLayer : public Layer<Dtype> {
 public:
  explicit MutUnplacedRefFrameHelperLayer(const LayerParameter& param)
      : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutUnplacedRefFrameHelper"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  void Apply(const vector<Blob<Dtype>*>& src, const vector<Blob<Dtype>*>& dst);
  int num_;
  int dim_;
};

template <typename Dtype>
void MutUnplacedRefFrameHelperLayer<Dtype>::Apply(const vector<Blob<Dtype>*>& src,
    const vector<Blob<Dtype>*>& dst) {
  const Dtype* bottom_data = src[0]->cpu_data();
  Dtype* top_data = dst[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=aliasing reason=aliasing
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = bottom_data[n * dim_ + k] - bottom_data[k];
    }
  }
}

template <typename Dtype>
void MutUnplacedRefFrameHelperLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  Apply(bottom, top);
}

INSTANTIATE_CLASS(MutUnplacedRefFrameHelperLayer);
REGISTER_LAYER_CLASS(MutUnplacedRefFrameHelper);

}  // namespace caffe
