// Control (twenty-first round, family 1): a layer in a namespace of its own,
// caffe::scope_plain, which declares no function of the math library's names: the unqualified
// `caffe_scal(...)` finds caffe's, and the samples' calls scale disjoint slices. A second
// loop names caffe's explicitly from a namespace that does have its own caffe_scal.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {
namespace scope_plain {

template <typename Dtype>
class MutXPlainScaleLayer : public Layer<Dtype> {
 public:
  explicit MutXPlainScaleLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutXPlainScale"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
};

template <typename Dtype>
void MutXPlainScaleLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                             const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int num = bottom[0]->num();
  const int dim = bottom[0]->count(1);
  caffe_copy(bottom[0]->count(), bottom_data, top_data);
  // CGP-MUTANT: control
  for (int n = 0; n < num; ++n) {
    caffe_scal(dim, Dtype(2), top_data + n * dim);
  }
}

INSTANTIATE_CLASS(MutXPlainScaleLayer);
REGISTER_LAYER_CLASS(MutXPlainScale);

}  // namespace scope_plain

namespace scope_own {

int g_scope_own_calls = 0;

template <typename Dtype>
void caffe_scal(const int n, const Dtype alpha, Dtype* x) {
  ++g_scope_own_calls;
  for (int i = 0; i < n; ++i) {
    x[i] *= alpha;
  }
}

template <typename Dtype>
class MutXQualifiedScaleLayer : public Layer<Dtype> {
 public:
  explicit MutXQualifiedScaleLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutXQualifiedScale"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
};

template <typename Dtype>
void MutXQualifiedScaleLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                 const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int num = bottom[0]->num();
  const int dim = bottom[0]->count(1);
  caffe::caffe_copy(bottom[0]->count(), bottom_data, top_data);
  // CGP-MUTANT: control
  for (int n = 0; n < num; ++n) {
    caffe::caffe_scal(dim, Dtype(2), top_data + n * dim);
  }
}

INSTANTIATE_CLASS(MutXQualifiedScaleLayer);
REGISTER_LAYER_CLASS(MutXQualifiedScale);

}  // namespace scope_own
}  // namespace caffe
