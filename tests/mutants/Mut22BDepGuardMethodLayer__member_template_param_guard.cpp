#include <cmath>
#include <vector>
#include <type_traits>
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"
namespace caffe {

static long g_mut22b_dgm = 0;
struct Mut22BDgmProfile { Mut22BDgmProfile() { ++g_mut22b_dgm; } ~Mut22BDgmProfile() { ++g_mut22b_dgm; } };

template <typename Dtype>
class Mut22BDepGuardMethodLayer : public Layer<Dtype> {
 public:
  explicit Mut22BDepGuardMethodLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "Mut22BDepGuardMethod"; }
  template <class Scope> void Row(const Dtype* x, Dtype* y) {
    Scope s;
    for (int k = 0; k < dim_; ++k) y[k] = x[k] * 2;
  }
 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const Dtype* bottom_data = bottom[0]->cpu_data();
    Dtype* top_data = top[0]->mutable_cpu_data();

    // CGP-MUTANT: unsafe class=special-member reason=unknown-call
    for (int n = 0; n < num_; ++n) {
      this->template Row<Mut22BDgmProfile>(bottom_data + n * dim_, top_data + n * dim_);
    }
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int num_, dim_;
};

INSTANTIATE_CLASS(Mut22BDepGuardMethodLayer);
REGISTER_LAYER_CLASS(Mut22BDepGuardMethod);
}  // namespace caffe
