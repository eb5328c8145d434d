#include <cmath>
#include <vector>
#include <type_traits>
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"
namespace caffe {

template <typename Dtype> struct Mut22BDciEma {
  Mut22BDciEma(Dtype* state, Dtype m) { *state = Dtype(0.9) * *state + Dtype(0.1) * m; }
};
template <class Norm, typename Dtype>
void Mut22BDciCenter(const Dtype* x, Dtype* y, int dim, Dtype* state) {
  Norm update = Norm(state, x[0]);
  for (int k = 0; k < dim; ++k) y[k] = x[k] * 2;
}

template <typename Dtype>
class Mut22BDepCopyInitLayer : public Layer<Dtype> {
 public:
  explicit Mut22BDepCopyInitLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "Mut22BDepCopyInit"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const Dtype* bottom_data = bottom[0]->cpu_data();
    Dtype* top_data = top[0]->mutable_cpu_data();

    // CGP-MUTANT: unsafe class=special-member reason=unknown-call
    for (int n = 0; n < num_; ++n) {
      Mut22BDciCenter<Mut22BDciEma<Dtype> >(bottom_data + n * dim_, top_data + n * dim_, dim_, &mean_);
    }
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Dtype mean_;
  int num_, dim_;
};

INSTANTIATE_CLASS(Mut22BDepCopyInitLayer);
REGISTER_LAYER_CLASS(Mut22BDepCopyInit);
}  // namespace caffe
