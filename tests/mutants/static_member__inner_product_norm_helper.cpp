// From caffe_src's InnerProductLayer (top = bottom * W^T + b), computed per sample with gemv.
// Edit: a `this->` helper called for each sample records the largest input norm seen so far
// in a `static` data member (shared by every instance, read by a gradient-clipping heuristic).
// The max-update of the static member happens inside the helper: run in parallel, the samples'
// read-compare-writes of the one shared variable race.
#include <algorithm>
#include <cmath>
#include <vector>

#include "caffe/filler.hpp"
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutNormTrackingInnerProductLayer : public Layer<Dtype> {
 public:
  explicit MutNormTrackingInnerProductLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    N_ = this->layer_param_.inner_product_param().num_output();
    K_ = bottom[0]->count(1);
    this->blobs_.resize(1);
    vector<int> weight_shape(2);
    weight_shape[0] = N_;
    weight_shape[1] = K_;
    this->blobs_[0].reset(new Blob<Dtype>(weight_shape));
    shared_ptr<Filler<Dtype> > weight_filler(
        GetFiller<Dtype>(this->layer_param_.inner_product_param().weight_filler()));
    weight_filler->Fill(this->blobs_[0].get());
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    CHECK_EQ(K_, bottom[0]->count(1)) << "input size incompatible with the weights";
    M_ = bottom[0]->count(0, 1);
    vector<int> top_shape(2);
    top_shape[0] = M_;
    top_shape[1] = N_;
    top[0]->Reshape(top_shape);
    top_dim_ = top[0]->count(1);
  }
  virtual inline const char* type() const { return "MutNormTrackingInnerProduct"; }
  virtual inline int ExactNumBottomBlobs() const { return 1; }
  virtual inline int ExactNumTopBlobs() const { return 1; }

  static Dtype max_input_norm_;

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  void track_input_norm(const Dtype* x);

  int M_, K_, N_;
  int top_dim_;  // N_, as laid out in top
};

template <typename Dtype>
Dtype MutNormTrackingInnerProductLayer<Dtype>::max_input_norm_ = Dtype(0);

template <typename Dtype>
void MutNormTrackingInnerProductLayer<Dtype>::track_input_norm(const Dtype* x) {
  const Dtype norm = std::sqrt(caffe_cpu_dot(K_, x, x));
  max_input_norm_ = std::max(max_input_norm_, norm);
}

template <typename Dtype>
void MutNormTrackingInnerProductLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                          const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const Dtype* weight = this->blobs_[0]->cpu_data();
  // CGP-MUTANT: unsafe class=static-member reason=global-state
  for (int m = 0; m < M_; ++m) {
    this->track_input_norm(bottom_data + m * K_);
    caffe_cpu_gemv<Dtype>(CblasNoTrans, N_, K_, Dtype(1), weight, bottom_data + m * K_,
                          Dtype(0), top_data + m * top_dim_);
  }
}

INSTANTIATE_CLASS(MutNormTrackingInnerProductLayer);
REGISTER_LAYER_CLASS(MutNormTrackingInnerProduct);

}  // namespace caffe
