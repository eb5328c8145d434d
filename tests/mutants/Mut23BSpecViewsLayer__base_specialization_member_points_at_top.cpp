#include <vector>
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"
namespace caffe {

// A base whose float specialization declares its member vector as Blob pointers bound to
// the top, where the primary template owns Blobs of its own: for float, what every sample
// reads through mut23b_views_[0] is the top's first sample, which sample 0 writes.
template <typename Dtype>
class Mut23BViewsBase : public Layer<Dtype> {
 public:
  explicit Mut23BViewsBase(const LayerParameter& param) : Layer<Dtype>(param) {}

 protected:
  void Mut23BBindViews(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    mut23b_views_.resize(1);
    mut23b_views_[0].reset(new Blob<Dtype>());
    mut23b_views_[0]->ReshapeLike(*bottom[0]);
    caffe_set(mut23b_views_[0]->count(), Dtype(1), mut23b_views_[0]->mutable_cpu_data());
  }
  vector<shared_ptr<Blob<Dtype> > > mut23b_views_;
};

template <>
class Mut23BViewsBase<float> : public Layer<float> {
 public:
  explicit Mut23BViewsBase(const LayerParameter& param) : Layer<float>(param) {}

 protected:
  void Mut23BBindViews(const vector<Blob<float>*>& bottom, const vector<Blob<float>*>& top) {
    mut23b_views_.assign(1, top[0]);
  }
  vector<Blob<float>*> mut23b_views_;
};

template <typename Dtype>
class Mut23BSpecViewsLayer : public Mut23BViewsBase<Dtype> {
 public:
  explicit Mut23BSpecViewsLayer(const LayerParameter& param) : Mut23BViewsBase<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    top[0]->ReshapeLike(*bottom[0]);
    this->Mut23BBindViews(bottom, top);
  }
  virtual inline const char* type() const { return "Mut23BSpecViews"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const int num = bottom[0]->num();
    const int dim = bottom[0]->count(1);
    const Dtype* bottom_data = bottom[0]->cpu_data();
    const Dtype* first_data = this->mut23b_views_[0]->cpu_data();
    Dtype* top_data = top[0]->mutable_cpu_data();
    // CGP-MUTANT: unsafe class=aliasing reason=aliasing
    for (int n = 0; n < num; ++n) {
      for (int k = 0; k < dim; ++k) {
        top_data[n * dim + k] = bottom_data[n * dim + k] + first_data[k];
      }
    }
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
};

INSTANTIATE_CLASS(Mut23BSpecViewsLayer);
REGISTER_LAYER_CLASS(Mut23BSpecViews);
}  // namespace caffe
