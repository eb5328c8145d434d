// Round 32 (mine, after review): acc_'s data set to the weights' diff by a free helper View(b, p) the set-up calls
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <cstdint>
#include <cstddef>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
void View(Blob<Dtype>* b, Dtype* p) {
  b->set_cpu_data(p);
}

template <typename Dtype>
class Mut32NSetInHelperLayer : public Layer<Dtype> {
 public:
  explicit Mut32NSetInHelperLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom,
                          const vector<Blob<Dtype>*>& top) {
    dim_ = bottom[0]->count(1);
    if (this->blobs_.size() == 0) {
      this->blobs_.resize(1);
      this->blobs_[0].reset(new Blob<Dtype>(vector<int>(1, dim_)));
      caffe_set(dim_, Dtype(0), this->blobs_[0]->mutable_cpu_data());
    }
    acc_.ReshapeLike(*this->blobs_[0]);
    View(&acc_, this->blobs_[0]->mutable_cpu_diff());
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    scratch_.Reshape(vector<int>(1, dim_));

  }
  virtual inline int ExactNumBottomBlobs() const { return 1; }
  virtual inline int ExactNumTopBlobs() const { return 1; }
  virtual inline const char* type() const { return "Mut32NSetInHelper"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  Blob<Dtype> acc_;
  Blob<Dtype> scratch_;
  int num_;
  int dim_;
};

template <typename Dtype>
void Mut32NSetInHelperLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  for (int i = 0; i < num_ * dim_; ++i) {
    top_data[i] = bottom_data[i];
  }
}

template <typename Dtype>
void Mut32NSetInHelperLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
                                     const vector<bool>& propagate_down,
                                     const vector<Blob<Dtype>*>& bottom) {
  const Dtype* top_diff = top[0]->cpu_diff();
  Dtype* bottom_diff = bottom[0]->mutable_cpu_diff();
  const Dtype* g = this->blobs_[0]->cpu_diff();
  Dtype* a = acc_.mutable_cpu_data();
  // CGP-MUTANT: unsafe class=tied reason=aliasing
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) bottom_diff[n * dim_ + k] = top_diff[n * dim_ + k] * g[k];
    caffe_axpy<Dtype>(dim_, Dtype(1), top_diff + n * dim_, a);
  }
}

INSTANTIATE_CLASS(Mut32NSetInHelperLayer);
REGISTER_LAYER_CLASS(Mut32NSetInHelper);

}  // namespace caffe
