#include <vector>

#include "caffe/layers/flatten_layer.hpp"

namespace caffe {

template <typename Dtype>
void FlattenLayer<Dtype>::Reshape(const vector<Blob<Dtype>*>& bottom,
                                  const vector<Blob<Dtype>*>& top) {
  CHECK_NE(top[0], bottom[0]) << this->type() << " Layer does not allow in-place computation.";
  const FlattenParameter& flatten_param = this->layer_param_.flatten_param();
  const int start_axis = bottom[0]->CanonicalAxisIndex(flatten_param.axis());
  const int end_axis = bottom[0]->CanonicalAxisIndex(flatten_param.end_axis());
  vector<int> top_shape;
  for (int i = 0; i < start_axis; ++i) top_shape.push_back(bottom[0]->shape(i));
  top_shape.push_back(bottom[0]->count(start_axis, end_axis + 1));
  for (int i = end_axis + 1; i < bottom[0]->num_axes(); ++i) {
    top_shape.push_back(bottom[0]->shape(i));
  }
  top[0]->Reshape(top_shape);
  CHECK_EQ(top[0]->count(), bottom[0]->count());
}

template <typename Dtype>
void FlattenLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                      const vector<Blob<Dtype>*>& top) {
  top[0]->ShareData(*bottom[0]);
}

template <typename Dtype>
void FlattenLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
                                       const vector<bool>& propagate_down,
                                       const vector<Blob<Dtype>*>& bottom) {
  bottom[0]->ShareDiff(*top[0]);
}

INSTANTIATE_CLASS(FlattenLayer);
REGISTER_LAYER_CLASS(Flatten);

}  // namespace caffe
