// shape N=2,C=2,H=2,W=2: k from dim down to 1, --k in the body: k = 0 at the use, row = top + n*dim, *--row is the sample before
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
class Mut30DownBodyStepPreDecLayer : public Layer<Dtype> {
 public:
  explicit Mut30DownBodyStepPreDecLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
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
  virtual inline const char* type() const { return "Mut30DownBodyStepPreDec"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);

  int num_, channels_, spatial_, height_, width_;
  bool flag_;
};

template <typename Dtype>
void Mut30DownBodyStepPreDecLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
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
    for (int k = dim; k >= 1; --k) {
      --k;
      Dtype* row = top_data + n * dim + k;
      *--row = Dtype(n);
    }
    norm[n] = bottom_data[n * dim];
  }
}

template <typename Dtype>
void Mut30DownBodyStepPreDecLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(Mut30DownBodyStepPreDecLayer);
REGISTER_LAYER_CLASS(Mut30DownBodyStepPreDec);

}  // namespace caffe
