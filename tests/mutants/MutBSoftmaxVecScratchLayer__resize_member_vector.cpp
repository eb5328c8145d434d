// From SoftmaxLayer (caffe_src/src/caffe/layers/softmax_layer.cpp), whose per-sample maxima
// and sums live in the member Blob scale_, sized once in Reshape. Edit: the author keeps the
// per-sample exponentials in a member std::vector<Dtype> and sizes it lazily, calling
// exp_buffer_.resize(dim) inside the batch loop before filling it. Every iteration resizes
// and then writes and reads the same member vector: the resize may reallocate the storage
// another sample is using, and the samples overwrite each other's scratch values.
#include <algorithm>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutBSoftmaxVecScratchLayer : public Layer<Dtype> {
 public:
  explicit MutBSoftmaxVecScratchLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    top[0]->ReshapeLike(*bottom[0]);
    outer_num_ = bottom[0]->count(0, 1);
    channels_ = bottom[0]->shape(1);
  }
  virtual inline const char* type() const { return "MutBSoftmaxVecScratch"; }
  virtual inline int ExactNumBottomBlobs() const { return 1; }
  virtual inline int ExactNumTopBlobs() const { return 1; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  vector<Dtype> exp_buffer_;
  int outer_num_;
  int channels_;
};

template <typename Dtype>
void MutBSoftmaxVecScratchLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int dim = bottom[0]->count() / outer_num_;
  // CGP-MUTANT: unsafe class=container-growth reason=unknown-call
  for (int i = 0; i < outer_num_; ++i) {
    exp_buffer_.resize(dim);
    Dtype max_value = bottom_data[i * dim];
    for (int j = 1; j < dim; ++j) {
      max_value = std::max(max_value, bottom_data[i * dim + j]);
    }
    Dtype sum = 0;
    for (int j = 0; j < dim; ++j) {
      exp_buffer_[j] = std::exp(bottom_data[i * dim + j] - max_value);
      sum += exp_buffer_[j];
    }
    for (int j = 0; j < dim; ++j) {
      top_data[i * dim + j] = exp_buffer_[j] / sum;
    }
  }
}

INSTANTIATE_CLASS(MutBSoftmaxVecScratchLayer);
REGISTER_LAYER_CLASS(MutBSoftmaxVecScratch);

}  // namespace caffe
