#include <vector>

#include "caffe/layers/loss_layer.hpp"

namespace caffe {

template <typename Dtype>
void LossLayer<Dtype>::LayerSetUp(const vector<Blob<Dtype>*>& bottom,
                                  const vector<Blob<Dtype>*>& top) {
  // A loss layer counts toward the objective with weight 1 unless told otherwise.
  // Layer::SetLossWeights reads the weights from layer_param_, so record it there
  // (extra tops, such as an output probability, get weight 0).
  if (this->layer_param_.loss_weight_size() == 0) {
    this->layer_param_.add_loss_weight(Dtype(1));
    for (size_t i = 1; i < top.size(); ++i) this->layer_param_.add_loss_weight(Dtype(0));
  }
}

template <typename Dtype>
void LossLayer<Dtype>::Reshape(const vector<Blob<Dtype>*>& bottom,
                               const vector<Blob<Dtype>*>& top) {
  CHECK_EQ(bottom[0]->shape(0), bottom[1]->shape(0))
      << "The data and label should have the same first dimension.";
  vector<int> loss_shape(0);  // a scalar
  top[0]->Reshape(loss_shape);
}

INSTANTIATE_CLASS(LossLayer);

}  // namespace caffe
