#include <cmath>
#include <vector>
#include <type_traits>
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"
namespace caffe {

static long g_mut22b_cca = 0;
struct Mut22BCcaBox { double v; Mut22BCcaBox(double x) : v(x) { ++g_mut22b_cca; } };
inline double Mut22BCcaUse(const Mut22BCcaBox& b) { return b.v * 2; }

template <typename Dtype>
class Mut22BConvCtorArgLayer : public Layer<Dtype> {
 public:
  explicit Mut22BConvCtorArgLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "Mut22BConvCtorArg"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const Dtype* bottom_data = bottom[0]->cpu_data();
    Dtype* top_data = top[0]->mutable_cpu_data();

    // CGP-MUTANT: unsafe class=special-member reason=unknown-call
    for (int n = 0; n < num_; ++n) {
      for (int k = 0; k < dim_; ++k) {
        top_data[n * dim_ + k] = Dtype(Mut22BCcaUse(bottom_data[n * dim_ + k]));
      }
    }
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int num_, dim_;
};

INSTANTIATE_CLASS(Mut22BConvCtorArgLayer);
REGISTER_LAYER_CLASS(Mut22BConvCtorArg);
}  // namespace caffe
