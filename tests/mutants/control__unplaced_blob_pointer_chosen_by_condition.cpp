// From ScaleLayer::Backward_cpu (BVLC, src/caffe/layers/scale_layer.cpp), red team 21c family
// 4's control: the scale is `Blob<Dtype>* scale = (bottom.size() > 1) ? bottom[1] :
// this->blobs_[0].get()`, read at the same elements for every sample while bottom[0]'s diff is
// written per sample. Either Blob is placed (bottom[1], whose partner top[1] is not written,
// or a parameter): the loop stays parallel.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutUnplacedChosenScaleLayer : public Layer<Dtype> {
 public:
  explicit MutUnplacedChosenScaleLayer(const LayerParameter& param)
      : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    this->blobs_.resize(1);
    this->blobs_[0].reset(new Blob<Dtype>(1, 1, 1, bottom[0]->count(1)));
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutUnplacedChosenScale"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {}
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_;
  int dim_;
};

template <typename Dtype>
void MutUnplacedChosenScaleLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
  Blob<Dtype>* scale = (bottom.size() > 1) ? bottom[1] : this->blobs_[0].get();
  const Dtype* scale_data = scale->cpu_data();
  const Dtype* top_diff = top[0]->cpu_diff();
  Dtype* bottom_diff = bottom[0]->mutable_cpu_diff();
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      bottom_diff[n * dim_ + k] = top_diff[n * dim_ + k] * scale_data[k];
    }
  }
}

INSTANTIATE_CLASS(MutUnplacedChosenScaleLayer);
REGISTER_LAYER_CLASS(MutUnplacedChosenScale);

}  // namespace caffe
