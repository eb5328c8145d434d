// unsafe in place (bottom[0] == top[0]): helper reads bottom stepped `src += step` (given 2) per k < dim; shape (2,1,1,2): sample 0 reads element 2 = sample 1's, which iteration 1 writes; no run-time apart check is emitted
#include <algorithm>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
static void Gather(const Dtype* src, Dtype* dst, int len, int step) {
  for (int k = 0; k < len; ++k) { dst[k] = *src; src += step; }
}

template <typename Dtype>
class Mut27BReadBotStepParamLayer : public Layer<Dtype> {
 public:
  explicit Mut27BReadBotStepParamLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    channels_ = bottom[0]->channels();
    spatial_ = bottom[0]->count(2);
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    top[1]->Reshape(num_, 1, 1, 1);
  }
  virtual inline const char* type() const { return "Mut27BReadBotStepParam"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);

  int num_, channels_, spatial_, dim_;
};



template <typename Dtype>
void Mut27BReadBotStepParamLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* norm = top[1]->mutable_cpu_data();
  const int dim = bottom[0]->count(1);

  // CGP-MUTANT: unsafe class=aliasing reason=aliasing guard=bottom[0]
  for (int n = 0; n < num_; ++n) {
    for (int i = 0; i < dim; ++i) {
      top_data[n * dim + i] = bottom_data[n * dim + i];
    }
    Gather(bottom_data + n * dim, top_data + n * dim, dim, 2);
    norm[n] = bottom_data[n * dim];
  }
}

template <typename Dtype>
void Mut27BReadBotStepParamLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(Mut27BReadBotStepParamLayer);
REGISTER_LAYER_CLASS(Mut27BReadBotStepParam);

}  // namespace caffe
