// Control for dependent_base__unqualified_call_global_smoother.cpp: the same layers, the
// derived one calling the base's pure member as `this->MutDbCtlSmooth(x)`, which looks into
// the dependent base: the member runs, not namespace caffe's stateful smoother of that name;
// likewise after `using Base::MutDbCtlSmooth;`, and for a layer's own member of that name.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

double g_mutdb_ctl_smooth_prev = 0;

template <typename Dtype>
Dtype MutDbCtlSmooth(Dtype x) {
  const Dtype y = Dtype(0.5) * (x + Dtype(g_mutdb_ctl_smooth_prev));
  g_mutdb_ctl_smooth_prev = x;
  return y;
}

template <typename Dtype>
class MutDbCtlSmoothBaseLayer : public Layer<Dtype> {
 public:
  explicit MutDbCtlSmoothBaseLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    decay_ = Dtype(0.5);
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    top[0]->ReshapeLike(*bottom[0]);
  }

 protected:
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Dtype MutDbCtlSmooth(Dtype x) const { return decay_ * x; }
  Dtype decay_;
};

template <typename Dtype>
class MutDbThisCallLayer : public MutDbCtlSmoothBaseLayer<Dtype> {
 public:
  explicit MutDbThisCallLayer(const LayerParameter& param)
      : MutDbCtlSmoothBaseLayer<Dtype>(param) {}
  virtual inline const char* type() const { return "MutDbThisCall"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
};

template <typename Dtype>
void MutDbThisCallLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                            const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int num = bottom[0]->num();
  const int dim = bottom[0]->count(1);
  // CGP-MUTANT: control
  for (int n = 0; n < num; ++n) {
    for (int k = 0; k < dim; ++k) {
      top_data[n * dim + k] = this->MutDbCtlSmooth(bottom_data[n * dim + k]);
    }
  }
}

INSTANTIATE_CLASS(MutDbThisCallLayer);
REGISTER_LAYER_CLASS(MutDbThisCall);

// the same member brought into the derived class by a using-declaration: the unqualified
// call finds the member
template <typename Dtype>
class MutDbUsingCallLayer : public MutDbCtlSmoothBaseLayer<Dtype> {
 public:
  using MutDbCtlSmoothBaseLayer<Dtype>::MutDbCtlSmooth;
  explicit MutDbUsingCallLayer(const LayerParameter& param)
      : MutDbCtlSmoothBaseLayer<Dtype>(param) {}
  virtual inline const char* type() const { return "MutDbUsingCall"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
};

template <typename Dtype>
void MutDbUsingCallLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                             const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int num = bottom[0]->num();
  const int dim = bottom[0]->count(1);
  // CGP-MUTANT: control
  for (int n = 0; n < num; ++n) {
    for (int k = 0; k < dim; ++k) {
      top_data[n * dim + k] = MutDbCtlSmooth(bottom_data[n * dim + k]);
    }
  }
}

INSTANTIATE_CLASS(MutDbUsingCallLayer);
REGISTER_LAYER_CLASS(MutDbUsingCall);

// a class template's own member of that name: class scope is searched before the namespace,
// so the unqualified call finds the member (the layer's own, no base involved)
template <typename Dtype>
class MutDbOwnCallLayer : public Layer<Dtype> {
 public:
  explicit MutDbOwnCallLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutDbOwnCall"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Dtype MutDbCtlSmooth(Dtype x) const { return Dtype(0.25) * x; }
};

template <typename Dtype>
void MutDbOwnCallLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                           const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int num = bottom[0]->num();
  const int dim = bottom[0]->count(1);
  // CGP-MUTANT: control
  for (int n = 0; n < num; ++n) {
    for (int k = 0; k < dim; ++k) {
      top_data[n * dim + k] = MutDbCtlSmooth(bottom_data[n * dim + k]);
    }
  }
}

INSTANTIATE_CLASS(MutDbOwnCallLayer);
REGISTER_LAYER_CLASS(MutDbOwnCall);

}  // namespace caffe
