// From AccuracyLayer (caffe_src/src/caffe/layers/accuracy_layer.cpp) and its label loop.
// Edit: a sequence-padding layer that finds the longest sequence of the batch from a real
// valued length input (bottom[1], one value per sample) and which sample has it. The author
// keeps the longest length as an int, so `longest = len` truncates; the next comparison is
// against the truncated value, so a later sample of the same integer length but a larger
// fraction takes the index in sequence, while blocks combined by their maxima keep the first.
#include <cfloat>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSLongestSeqLayer : public Layer<Dtype> {
 public:
  explicit MutSLongestSeqLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    vector<int> shape(1, 2);
    top[1]->Reshape(shape);
  }
  virtual inline const char* type() const { return "MutSLongestSeq"; }
  virtual inline int ExactNumBottomBlobs() const { return 2; }
  virtual inline int ExactNumTopBlobs() const { return 2; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, dim_;
};

template <typename Dtype>
void MutSLongestSeqLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                             const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* lengths = bottom[1]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  int longest = 0;
  int longest_sample = -1;
  // CGP-MUTANT: unsafe class=argmax reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const Dtype len = lengths[n] * dim_;
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = (k < len) ? bottom_data[n * dim_ + k] : Dtype(0);
    }
    if (len > longest) {
      longest = len;
      longest_sample = n;
    }
  }
  top[1]->mutable_cpu_data()[0] = longest;
  top[1]->mutable_cpu_data()[1] = longest_sample;
}

INSTANTIATE_CLASS(MutSLongestSeqLayer);
REGISTER_LAYER_CLASS(MutSLongestSeq);

}  // namespace caffe
