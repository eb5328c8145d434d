// From AccuracyLayer::Forward_cpu (caffe_src/src/caffe/layers/accuracy_layer.cpp).
// Edit: the layer keeps how often each class was seen in a member std::vector<int>, for a
// class-balance report; the author increments the count through a reference to the element
// for the sample's label. Samples with the same label increment the same element.
#include <functional>
#include <utility>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRClassCountLayer : public Layer<Dtype> {
 public:
  explicit MutRClassCountLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    outer_num_ = bottom[0]->count(0, 1);
    dim_ = bottom[0]->count(1);
    class_seen_.resize(dim_, 0);
    vector<int> top_shape(0);
    top[0]->Reshape(top_shape);
  }
  virtual inline const char* type() const { return "MutRClassCount"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int outer_num_, dim_;
  std::vector<int> class_seen_;
};

template <typename Dtype>
void MutRClassCountLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                             const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* bottom_label = bottom[1]->cpu_data();
  int correct = 0;
  // CGP-MUTANT: unsafe class=ref-alias reason=aliasing
  for (int i = 0; i < outer_num_; ++i) {
    const int label_value = static_cast<int>(bottom_label[i]);
    int& seen = class_seen_[label_value];
    ++seen;
    const Dtype truth = bottom_data[i * dim_ + label_value];
    int rank = 0;
    for (int k = 0; k < dim_; ++k) {
      if (bottom_data[i * dim_ + k] > truth) ++rank;
    }
    if (rank == 0) ++correct;
  }
  top[0]->mutable_cpu_data()[0] = Dtype(correct) / outer_num_;
}

INSTANTIATE_CLASS(MutRClassCountLayer);
REGISTER_LAYER_CLASS(MutRClassCount);

}  // namespace caffe
