// Control, the legal twin of MutBSoftmaxVecScratch (a member scratch resized in the loop).
// From SoftmaxLayer (caffe_src/src/caffe/layers/softmax_layer.cpp), whose member Blob
// scale_ is reused for every sample: here the exponentials of one sample go into the member
// Blob exp_buffer_, sized once in Reshape. Each iteration writes the part of exp_buffer_ it
// then reads, and nothing reads exp_buffer_ outside the loop: a scratch that can be made
// private to each thread.
#include <algorithm>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutBBlobScratchSoftmaxLayer : public Layer<Dtype> {
 public:
  explicit MutBBlobScratchSoftmaxLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    top[0]->ReshapeLike(*bottom[0]);
    outer_num_ = bottom[0]->count(0, 1);
    vector<int> scratch_shape(1, bottom[0]->count(1));
    exp_buffer_.Reshape(scratch_shape);
  }
  virtual inline const char* type() const { return "MutBBlobScratchSoftmax"; }
  virtual inline int ExactNumBottomBlobs() const { return 1; }
  virtual inline int ExactNumTopBlobs() const { return 1; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Blob<Dtype> exp_buffer_;  // one sample's exponentials
  int outer_num_;
};

template <typename Dtype>
void MutBBlobScratchSoftmaxLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                     const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* exp_data = exp_buffer_.mutable_cpu_data();
  const int dim = bottom[0]->count() / outer_num_;
  // CGP-MUTANT: control
  for (int i = 0; i < outer_num_; ++i) {
    Dtype max_value = bottom_data[i * dim];
    for (int j = 1; j < dim; ++j) {
      max_value = std::max(max_value, bottom_data[i * dim + j]);
    }
    for (int j = 0; j < dim; ++j) {
      exp_data[j] = std::exp(bottom_data[i * dim + j] - max_value);
    }
    const Dtype sum = caffe_cpu_asum(dim, exp_data);
    caffe_cpu_scale(dim, Dtype(1) / sum, exp_data, top_data + i * dim);
  }
}

INSTANTIATE_CLASS(MutBBlobScratchSoftmaxLayer);
REGISTER_LAYER_CLASS(MutBBlobScratchSoftmax);

}  // namespace caffe
