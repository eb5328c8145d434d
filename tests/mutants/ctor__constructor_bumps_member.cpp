// From SoftmaxLayer::Forward_cpu (caffe_src/src/caffe/layers/softmax_layer.cpp).
// Edit: the author wraps each sample's softmax in a small "sample scope" object whose
// constructor takes the layer by reference and stamps the sample with the layer's running
// sequence number (incrementing it), used as the row of a per-call trace. The constructor is
// a function of the tree that writes a member of the layer, once per sample.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

struct MutSSampleStamp {
  explicit MutSSampleStamp(int* counter) : id(*counter) { ++*counter; }
  int id;
};

template <typename Dtype>
class MutSStampedSoftmaxLayer : public Layer<Dtype> {
 public:
  explicit MutSStampedSoftmaxLayer(const LayerParameter& param)
      : Layer<Dtype>(param), next_id_(0) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    vector<int> shape(1, num_);
    top[1]->Reshape(shape);
  }
  virtual inline const char* type() const { return "MutSStampedSoftmax"; }
  virtual inline int ExactNumTopBlobs() const { return 2; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int next_id_;
  int num_, dim_;
};

template <typename Dtype>
void MutSStampedSoftmaxLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                 const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* stamps = top[1]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=member-write reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    MutSSampleStamp stamp(&next_id_);
    stamps[n] = stamp.id;
    Dtype mx = -FLT_MAX;
    for (int k = 0; k < dim_; ++k) mx = std::max(mx, bottom_data[n * dim_ + k]);
    Dtype sum = 0;
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = std::exp(bottom_data[n * dim_ + k] - mx);
      sum += top_data[n * dim_ + k];
    }
    caffe_scal(dim_, Dtype(1) / sum, top_data + n * dim_);
  }
}

INSTANTIATE_CLASS(MutSStampedSoftmaxLayer);
REGISTER_LAYER_CLASS(MutSStampedSoftmax);

}  // namespace caffe
