// unsafe: helper reads top through `p += step` (step given 2) for k < dim while the loop writes top; shape (2,1,1,2): sample 0 reads top[2], which sample 1's iteration writes (reaches n*dim + 2*dim - 2)
#include <algorithm>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
static Dtype SumStrided(const Dtype* p, int len, int step) {
  Dtype s = 0;
  for (int k = 0; k < len; ++k) { s += *p; p += step; }
  return s;
}

template <typename Dtype>
class Mut27BReadTopStepParamLayer : public Layer<Dtype> {
 public:
  explicit Mut27BReadTopStepParamLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    channels_ = bottom[0]->channels();
    spatial_ = bottom[0]->count(2);
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    top[1]->Reshape(num_, 1, 1, 1);
  }
  virtual inline const char* type() const { return "Mut27BReadTopStepParam"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);

  int num_, channels_, spatial_, dim_;
};



template <typename Dtype>
void Mut27BReadTopStepParamLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
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
    norm[n] = SumStrided(top_data + n * dim, dim, 2);
    norm[n] = bottom_data[n * dim];
  }
}

template <typename Dtype>
void Mut27BReadTopStepParamLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(Mut27BReadTopStepParamLayer);
REGISTER_LAYER_CLASS(Mut27BReadTopStepParam);

}  // namespace caffe
