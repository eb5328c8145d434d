// shape N=2,C=2,H=2,W=2: h from height_ - 1 down to 0, h -= 1 in the body: (h) * width_ at h = -1 is the row before
#include <algorithm>
#include <cstddef>
#include <cstring>
#include <cmath>
#include <iterator>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class Mut30DownBodyStepRowLayer : public Layer<Dtype> {
 public:
  explicit Mut30DownBodyStepRowLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    channels_ = bottom[0]->channels();
    spatial_ = bottom[0]->count(2);
    height_ = bottom[0]->height();
    width_ = bottom[0]->width();
    flag_ = this->layer_param_.bottom_size() > 7;
    top[0]->ReshapeLike(*bottom[0]);
    top[1]->Reshape(num_, 1, 1, 1);
  }
  virtual inline const char* type() const { return "Mut30DownBodyStepRow"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);

  int num_, channels_, spatial_, height_, width_;
  bool flag_;
};

template <typename Dtype>
void Mut30DownBodyStepRowLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* norm = top[1]->mutable_cpu_data();
  const int dim = bottom[0]->count(1);

  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int i = 0; i < dim; ++i) {
      top_data[n * dim + i] = bottom_data[n * dim + i];
    }
    for (int c = 0; c < channels_; ++c)
      for (int h = height_ - 1; h >= 0; --h) {
        h -= 1;
        for (int w = 0; w < width_; ++w)
          top_data[n * dim + c * spatial_ + h * width_ + w] = Dtype(n);
      }
    norm[n] = bottom_data[n * dim];
  }
}

template <typename Dtype>
void Mut30DownBodyStepRowLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(Mut30DownBodyStepRowLayer);
REGISTER_LAYER_CLASS(Mut30DownBodyStepRow);

}  // namespace caffe
