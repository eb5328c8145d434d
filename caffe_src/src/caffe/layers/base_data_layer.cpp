// BaseDataLayer: transformer set-up shared by the data layers.
#include "caffe/layers/base_data_layer.hpp"

#include <vector>

namespace caffe {

template <typename Dtype>
BaseDataLayer<Dtype>::BaseDataLayer(const LayerParameter& param)
    : Layer<Dtype>(param), transform_param_(param.transform_param()), output_labels_(false) {}

template <typename Dtype>
void BaseDataLayer<Dtype>::LayerSetUp(const vector<Blob<Dtype>*>& bottom,
                                      const vector<Blob<Dtype>*>& top) {
  output_labels_ = (top.size() != 1);
  data_transformer_.reset(new DataTransformer<Dtype>(transform_param_, this->phase_));
  data_transformer_->InitRand();
  DataLayerSetUp(bottom, top);
}

INSTANTIATE_CLASS(BaseDataLayer);

}  // namespace caffe
