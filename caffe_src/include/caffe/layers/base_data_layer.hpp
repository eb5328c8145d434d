// BaseDataLayer: the common base of layers that produce data from outside the net.
// It holds the transformation parameters and the DataTransformer, and notes whether
// a label top is wanted. Data layers have no bottoms and nothing to back-propagate.
// This build is sequential: a data layer reads its batch inside Forward, with no
// prefetch thread.
#ifndef CAFFE_BASE_DATA_LAYER_HPP_
#define CAFFE_BASE_DATA_LAYER_HPP_

#include <vector>

#include "caffe/blob.hpp"
#include "caffe/data_transformer.hpp"
#include "caffe/layer.hpp"
#include "caffe/proto/caffe.pb.h"

namespace caffe {

template <typename Dtype>
class BaseDataLayer : public Layer<Dtype> {
 public:
  explicit BaseDataLayer(const LayerParameter& param);
  virtual ~BaseDataLayer() {}

  // Sets up the transformer, then calls DataLayerSetUp; subclasses override that
  // instead of LayerSetUp.
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom,
                          const vector<Blob<Dtype>*>& top);
  virtual void DataLayerSetUp(const vector<Blob<Dtype>*>& bottom,
                              const vector<Blob<Dtype>*>& top) {}
  // Data layers shape their tops when they load a batch.
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom,
                       const vector<Blob<Dtype>*>& top) {}

  virtual inline int ExactNumBottomBlobs() const { return 0; }

  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top,
                            const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

 protected:
  TransformationParameter transform_param_;
  shared_ptr<DataTransformer<Dtype> > data_transformer_;
  bool output_labels_;
};

}  // namespace caffe

#endif  // CAFFE_BASE_DATA_LAYER_HPP_
