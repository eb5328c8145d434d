#include <cmath>
#include <vector>
#include <type_traits>
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"
namespace caffe {

static long g_mut22b_tv = 0;
struct Mut22BTvTick { Mut22BTvTick() { ++g_mut22b_tv; } };

template <typename Dtype>
class Mut22BTreeVectorLayer : public Layer<Dtype> {
 public:
  explicit Mut22BTreeVectorLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "Mut22BTreeVector"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const Dtype* bottom_data = bottom[0]->cpu_data();
    Dtype* top_data = top[0]->mutable_cpu_data();

    // CGP-MUTANT: unsafe class=special-member reason=unknown-call
    for (int n = 0; n < num_; ++n) {
      std::vector<Mut22BTvTick> marks(2);
      for (int k = 0; k < dim_; ++k) {
        top_data[n * dim_ + k] = bottom_data[n * dim_ + k] * 2;
      }
    }
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int num_, dim_;
};

INSTANTIATE_CLASS(Mut22BTreeVectorLayer);
REGISTER_LAYER_CLASS(Mut22BTreeVector);
}  // namespace caffe
