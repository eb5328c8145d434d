// A for counter from 0 set to -1 by a guarded rewrite: the previous sample's last element.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class Mut31RewriteNegativeLayer : public Layer<Dtype> {
 public:
  explicit Mut31RewriteNegativeLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    channels_ = bottom[0]->count(1);
    spatial_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    top[1]->Reshape(num_, 1, 1, 1);
  }
  virtual inline const char* type() const { return "Mut31RewriteNegative"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, channels_, spatial_;
  Blob<Dtype> scratch_;
};

template <typename Dtype>
void Mut31RewriteNegativeLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* norm = top[1]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    bool once = spatial_ > 1;
    for (int k = 0; k < channels_; ++k) {
      if (k == 1 && once) {
        once = false;
        k = -1;
        if (k >= channels_) break;
      }
      top_data[n * channels_ + k] = Dtype(2);
    }
    norm[n] = Dtype(n);
  }
}

template <typename Dtype>
void Mut31RewriteNegativeLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(Mut31RewriteNegativeLayer);
REGISTER_LAYER_CLASS(Mut31RewriteNegative);

}  // namespace caffe
