// shape N=2,C=2,H=2,W=2: c < channels_ - 1, cc <= c + 1: cc reaches channels_ - 1 only
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
class Mut30WindowEndFitsLeLayer : public Layer<Dtype> {
 public:
  explicit Mut30WindowEndFitsLeLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
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
  virtual inline const char* type() const { return "Mut30WindowEndFitsLe"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);

  int num_, channels_, spatial_, height_, width_;
  bool flag_;
};

template <typename Dtype>
void Mut30WindowEndFitsLeLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* norm = top[1]->mutable_cpu_data();
  const int dim = bottom[0]->count(1);

  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    for (int c = 0; c < channels_ - 1; ++c)
      for (int s = 0; s < spatial_; ++s)
        for (int cc = c; cc <= c + 1; ++cc)
          top_data[n * dim + cc * spatial_ + s] += Dtype(n);
    norm[n] = bottom_data[n * dim];
  }
}

template <typename Dtype>
void Mut30WindowEndFitsLeLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(Mut30WindowEndFitsLeLayer);
REGISTER_LAYER_CLASS(Mut30WindowEndFitsLe);

}  // namespace caffe
