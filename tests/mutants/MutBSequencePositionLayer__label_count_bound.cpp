// From AccuracyLayer / SoftmaxWithLossLayer (caffe_src/src/caffe/layers/accuracy_layer.cpp),
// which loop over the labels of bottom[1], one per sample. Edit: a layer that turns the
// continuation markers of a packed batch (bottom[0]: one value per sample, 0 where a
// sequence starts and 1 where it continues, as recurrent layers take them) into each
// sample's position within its sequence. num_ is bottom[0]->count(), so the loop looks like
// a loop over independent elements, but position i is position i - 1 plus one when the
// sequence continues: each element needs the previous element's result.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutBSequencePositionLayer : public Layer<Dtype> {
 public:
  explicit MutBSequencePositionLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->count();
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutBSequencePosition"; }
  virtual inline int ExactNumBottomBlobs() const { return 1; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
};

template <typename Dtype>
void MutBSequencePositionLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                   const vector<Blob<Dtype>*>& top) {
  const Dtype* cont = bottom[0]->cpu_data();
  Dtype* position = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=fake-batch reason=cross-sample-dependence
  for (int i = 0; i < num_; ++i) {
    if (i > 0 && cont[i] != Dtype(0)) {
      position[i] = position[i - 1] + 1;
    } else {
      position[i] = 0;
    }
  }
}

INSTANTIATE_CLASS(MutBSequencePositionLayer);
REGISTER_LAYER_CLASS(MutBSequencePosition);

}  // namespace caffe
