// Unsafe (issue 25's scatter-adds): each sample adds to its row a share of what the row
// holds already, which earlier samples changed: accumulated and read.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutEmbedMomentumLayer : public Layer<Dtype> {
 public:
  explicit MutEmbedMomentumLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    K_ = 16;
    N_ = 8;
    this->blobs_.resize(1);
    vector<int> shape(2);
    shape[0] = K_;
    shape[1] = N_;
    this->blobs_[0].reset(new Blob<Dtype>(shape));
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    M_ = bottom[0]->count();
    vector<int> shape(2);
    shape[0] = M_;
    shape[1] = N_;
    top[0]->Reshape(shape);
  }
  virtual inline const char* type() const { return "MutEmbedMomentum"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {}
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int M_;
  int K_;
  int N_;
};

template <typename Dtype>
void MutEmbedMomentumLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
                                            const vector<bool>& propagate_down,
                                            const vector<Blob<Dtype>*>& bottom) {
  const Dtype* top_diff = top[0]->cpu_diff();
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* weight_diff = this->blobs_[0]->mutable_cpu_diff();
  // CGP-MUTANT: unsafe class=recurrence reason=cross-sample-dependence
  for (int n = 0; n < M_; ++n) {
    const int index = static_cast<int>(bottom_data[n]);
    for (int d = 0; d < N_; ++d) {
      weight_diff[index * N_ + d] += top_diff[n * N_ + d] * weight_diff[index * N_ + d];
    }
  }
}

INSTANTIATE_CLASS(MutEmbedMomentumLayer);
REGISTER_LAYER_CLASS(MutEmbedMomentum);

}  // namespace caffe
