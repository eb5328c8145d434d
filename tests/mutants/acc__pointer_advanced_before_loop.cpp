// Control (issue 25): a bias gradient accumulated per sample with beta = 1 straight into the
// parameter's accessor, without a pointer variable: a reduction like any other.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutShiftedBiasLayer : public Layer<Dtype> {
 public:
  explicit MutShiftedBiasLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    this->blobs_.resize(1);
    this->blobs_[0].reset(new Blob<Dtype>(vector<int>(1, bottom[0]->channels())));
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    channels_ = bottom[0]->channels();
    spatial_ = bottom[0]->count(2);
    top[0]->ReshapeLike(*bottom[0]);
    ones_.Reshape(vector<int>(1, spatial_));
    caffe_set(spatial_, Dtype(1), ones_.mutable_cpu_data());
  }
  virtual inline const char* type() const { return "MutShiftedBias"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {}
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_;
  int channels_;
  int spatial_;
  Blob<Dtype> ones_;
};

template <typename Dtype>
void MutShiftedBiasLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
                                              const vector<bool>& propagate_down,
                                              const vector<Blob<Dtype>*>& bottom) {
  const Dtype* top_diff = top[0]->cpu_diff();
  Dtype* bias_diff = this->blobs_[0]->mutable_cpu_diff();
  bias_diff += 1;
  // CGP-MUTANT: unsafe class=aliasing reason=unsupported-form
  for (int n = 0; n < num_; ++n) {
    caffe_cpu_gemv<Dtype>(CblasNoTrans, channels_ - 1, spatial_, Dtype(1),
                          top_diff + n * channels_ * spatial_, ones_.cpu_data(), Dtype(1),
                          bias_diff);
  }
}

INSTANTIATE_CLASS(MutShiftedBiasLayer);
REGISTER_LAYER_CLASS(MutShiftedBias);

}  // namespace caffe
