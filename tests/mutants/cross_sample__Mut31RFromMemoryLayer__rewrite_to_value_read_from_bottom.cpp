// `h = static_cast<int>(bottom_data[n * dim])`: an input of -1 puts h at -1 (previous sample)
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
class Mut31RFromMemoryLayer : public Layer<Dtype> {
 public:
  explicit Mut31RFromMemoryLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
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
  virtual inline const char* type() const { return "Mut31RFromMemory"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);

  int num_, channels_, spatial_, height_, width_;
  bool flag_;
};

template <typename Dtype>
void Mut31RFromMemoryLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* norm = top[1]->mutable_cpu_data();
  const int dim = bottom[0]->count(1);

  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    bool once = spatial_ > 1;
    for (int h = 0; h < height_; ++h) {
      if (once) {
        once = false;
        h = static_cast<int>(bottom_data[n * dim]);
        if (h >= height_) break;
      }
      for (int w = 0; w < width_; ++w) {
        top_data[n * dim + h * width_ + w] = Dtype(w);
      }
    }
    norm[n] = Dtype(n);
  }
}

template <typename Dtype>
void Mut31RFromMemoryLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(Mut31RFromMemoryLayer);
REGISTER_LAYER_CLASS(Mut31RFromMemory);

}  // namespace caffe
