// From inplace__subtract_first_sample.cpp's reference-frame layer (EltwiseLayer's SUM,
// caffe_src/src/caffe/layers/eltwise_layer.cpp): every sample minus the batch's first, run in
// place (top[0] == bottom[0]): sample 0 zeroes its own data first, and the later samples read
// sample 0. Edit: the frame is read through a Blob reference (`const Blob<Dtype>& input =
// *bottom[0]`), once taken for a Blob of the function's own. It is bottom[0]: sound only with
// the run-time check that bottom[0]'s data is not top[0]'s.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutUnplacedRefFrameBlobRefLayer : public Layer<Dtype> {
 public:
  explicit MutUnplacedRefFrameBlobRefLayer(const LayerParameter& param)
      : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutUnplacedRefFrameBlobRef"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutUnplacedRefFrameBlobRefLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Blob<Dtype>& input = *bottom[0];
  const Dtype* bottom_data = input.cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=aliasing reason=aliasing guard=bottom[0]
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = bottom_data[n * dim_ + k] - bottom_data[k];
    }
  }
}

INSTANTIATE_CLASS(MutUnplacedRefFrameBlobRefLayer);
REGISTER_LAYER_CLASS(MutUnplacedRefFrameBlobRef);

}  // namespace caffe
