#include <vector>
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"
namespace caffe {

// A base whose float specialization owns its member Blobs as the primary template does
// (another fill, the same kind of member): what every sample reads through
// mut23b_own_views_[0] is never written by the loop.
template <typename Dtype>
class Mut23BOwnViewsBase : public Layer<Dtype> {
 public:
  explicit Mut23BOwnViewsBase(const LayerParameter& param) : Layer<Dtype>(param) {}

 protected:
  void Mut23BBindOwnViews(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    mut23b_own_views_.resize(1);
    mut23b_own_views_[0].reset(new Blob<Dtype>());
    mut23b_own_views_[0]->ReshapeLike(*bottom[0]);
    caffe_set(mut23b_own_views_[0]->count(), Dtype(1), mut23b_own_views_[0]->mutable_cpu_data());
  }
  vector<shared_ptr<Blob<Dtype> > > mut23b_own_views_;
};

template <>
class Mut23BOwnViewsBase<float> : public Layer<float> {
 public:
  explicit Mut23BOwnViewsBase(const LayerParameter& param) : Layer<float>(param) {}

 protected:
  void Mut23BBindOwnViews(const vector<Blob<float>*>& bottom, const vector<Blob<float>*>& top) {
    mut23b_own_views_.assign(1, shared_ptr<Blob<float> >(new Blob<float>()));
    mut23b_own_views_[0]->ReshapeLike(*bottom[0]);
    caffe_set(mut23b_own_views_[0]->count(), 2.f, mut23b_own_views_[0]->mutable_cpu_data());
  }
  vector<shared_ptr<Blob<float> > > mut23b_own_views_;
};

template <typename Dtype>
class Mut23BSpecOwnViewsLayer : public Mut23BOwnViewsBase<Dtype> {
 public:
  explicit Mut23BSpecOwnViewsLayer(const LayerParameter& param) : Mut23BOwnViewsBase<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    top[0]->ReshapeLike(*bottom[0]);
    this->Mut23BBindOwnViews(bottom, top);
  }
  virtual inline const char* type() const { return "Mut23BSpecOwnViews"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const int num = bottom[0]->num();
    const int dim = bottom[0]->count(1);
    const Dtype* bottom_data = bottom[0]->cpu_data();
    const Dtype* first_data = this->mut23b_own_views_[0]->cpu_data();
    Dtype* top_data = top[0]->mutable_cpu_data();
    // CGP-MUTANT: control
    for (int n = 0; n < num; ++n) {
      for (int k = 0; k < dim; ++k) {
        top_data[n * dim + k] = bottom_data[n * dim + k] + first_data[k];
      }
    }
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
};

INSTANTIATE_CLASS(Mut23BSpecOwnViewsLayer);
REGISTER_LAYER_CLASS(Mut23BSpecOwnViews);
}  // namespace caffe
