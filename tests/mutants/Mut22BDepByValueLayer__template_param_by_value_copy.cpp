#include <cmath>
#include <vector>
#include <type_traits>
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"
namespace caffe {

static long g_mut22b_dbv = 0;
struct Mut22BDbvTag { Mut22BDbvTag() {} Mut22BDbvTag(const Mut22BDbvTag&) { ++g_mut22b_dbv; } };
template <class Tag, typename Dtype>
void Mut22BDbvRun(Tag tag, const Dtype* x, Dtype* y, int dim) {
  for (int k = 0; k < dim; ++k) y[k] = x[k] * 2;
}

template <typename Dtype>
class Mut22BDepByValueLayer : public Layer<Dtype> {
 public:
  explicit Mut22BDepByValueLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "Mut22BDepByValue"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const Dtype* bottom_data = bottom[0]->cpu_data();
    Dtype* top_data = top[0]->mutable_cpu_data();
    Mut22BDbvTag tag;
    // CGP-MUTANT: unsafe class=special-member reason=unknown-call
    for (int n = 0; n < num_; ++n) {
      Mut22BDbvRun(tag, bottom_data + n * dim_, top_data + n * dim_, dim_);
    }
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int num_, dim_;
};

INSTANTIATE_CLASS(Mut22BDepByValueLayer);
REGISTER_LAYER_CLASS(Mut22BDepByValue);
}  // namespace caffe
