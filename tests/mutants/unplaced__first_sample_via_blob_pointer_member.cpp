// From inplace__subtract_first_sample.cpp's reference-frame layer (EltwiseLayer's SUM,
// caffe_src/src/caffe/layers/eltwise_layer.cpp): every sample minus the batch's first, run in
// place (top[0] == bottom[0]): sample 0 zeroes its own data first, and the later samples read
// sample 0. Edit: the input is read through a Blob pointer member set in Reshape (`input_ =
// bottom[0]`), a Blob the walk cannot place.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutUnplacedRefFrameMemberLayer : public Layer<Dtype> {
 public:
  explicit MutUnplacedRefFrameMemberLayer(const LayerParameter& param)
      : Layer<Dtype>(param), input_(NULL) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    input_ = bottom[0];
  }
  virtual inline const char* type() const { return "MutUnplacedRefFrameMember"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Blob<Dtype>* input_;
  int num_;
  int dim_;
};

template <typename Dtype>
void MutUnplacedRefFrameMemberLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = input_->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=aliasing reason=aliasing
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = bottom_data[n * dim_ + k] - bottom_data[k];
    }
  }
}

INSTANTIATE_CLASS(MutUnplacedRefFrameMemberLayer);
REGISTER_LAYER_CLASS(MutUnplacedRefFrameMember);

}  // namespace caffe
