// control: h from 1, `h += step` with `const int step = 2` then guard
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
class Mut31RPlusEqLocalStepLayer : public Layer<Dtype> {
 public:
  explicit Mut31RPlusEqLocalStepLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
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
  virtual inline const char* type() const { return "Mut31RPlusEqLocalStep"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);

  int num_, channels_, spatial_, height_, width_;
  bool flag_;
};

template <typename Dtype>
void Mut31RPlusEqLocalStepLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* norm = top[1]->mutable_cpu_data();
  const int dim = bottom[0]->count(1);

  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    const int step = 2;
    for (int h = 1; h < height_; ++h) {
      if (h % 3 == 0) {
        h += step;
        if (h >= height_) break;
      }
      for (int w = 0; w < width_; ++w) {
        top_data[n * dim + (h - 1) * width_ + w] = Dtype(w);
      }
    }
    norm[n] = Dtype(n);
  }
}

template <typename Dtype>
void Mut31RPlusEqLocalStepLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(Mut31RPlusEqLocalStepLayer);
REGISTER_LAYER_CLASS(Mut31RPlusEqLocalStep);

}  // namespace caffe
