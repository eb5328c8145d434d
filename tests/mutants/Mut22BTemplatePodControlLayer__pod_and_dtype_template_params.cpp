#include <cmath>
#include <vector>
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"
namespace caffe {

// controls: a template's type parameter bound to a plain struct of the tree (no constructor,
// no destructor, no members with one), to Dtype (deduced from a pointer argument or given),
// a std::vector<Dtype>, a by-value Dtype parameter, a reference to a struct given that struct
struct Mut22BTpcPod { int lo; int hi; };
struct Mut22BTpcPlainBase { int id; };
struct Mut22BTpcDerived : Mut22BTpcPlainBase { Mut22BTpcPod range; double w; };

template <class Tag, typename Dtype>
void Mut22BTpcRun(const Dtype* x, Dtype* y, int dim, Dtype scale) {
  Tag tag;
  (void)sizeof(tag);
  Dtype acc = 0;
  std::vector<Dtype> buf(dim);
  for (int k = 0; k < dim; ++k) buf[k] = x[k] * scale;
  for (int k = 0; k < dim; ++k) acc += buf[k];
  for (int k = 0; k < dim; ++k) y[k] = buf[k] - acc / dim;
}

template <typename Dtype>
Dtype Mut22BTpcSum(const Dtype* x, int dim, const Mut22BTpcDerived& d) {
  Dtype s = 0;
  for (int k = 0; k < dim; ++k) s += x[k];
  return s;
}

template <typename Dtype>
class Mut22BTemplatePodControlLayer : public Layer<Dtype> {
 public:
  explicit Mut22BTemplatePodControlLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "Mut22BTemplatePodControl"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const Dtype* bottom_data = bottom[0]->cpu_data();
    Dtype* top_data = top[0]->mutable_cpu_data();
    // CGP-MUTANT: control
    for (int n = 0; n < num_; ++n) {
      Mut22BTpcPod pod;
      Mut22BTpcDerived d;
      Dtype bias = 0;
      std::vector<Dtype> row(dim_);
      Mut22BTpcRun<Mut22BTpcPod>(bottom_data + n * dim_, top_data + n * dim_, dim_, Dtype(2));
      bias = Mut22BTpcSum(bottom_data + n * dim_, dim_, d);
      top_data[n * dim_] += bias + row.size();
    }
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int num_, dim_;
};

INSTANTIATE_CLASS(Mut22BTemplatePodControlLayer);
REGISTER_LAYER_CLASS(Mut22BTemplatePodControl);
}  // namespace caffe
