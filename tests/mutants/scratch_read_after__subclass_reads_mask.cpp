// From caffe_src's DropoutLayer / ReLULayer idiom (a per-element 0/1 mask times the input),
// with a deterministic mask: per sample, the units above the sample's mean are kept. The mask
// of one sample is built in a member scratch Blob, mask_, then applied to top.
// Edit: a subclass in this file inherits the batch loop and, after calling the base
// Forward_cpu, reports in a second top the fraction of kept units read from this->mask_, i.e.
// from the last sample's mask as left by the loop. The scratch written in the batch loop is
// read after it, by another class: parallel execution would not leave the last sample's mask.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutMeanGateLayer : public Layer<Dtype> {
 public:
  explicit MutMeanGateLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    vector<int> one_sample(1, dim_);
    mask_.Reshape(one_sample);
  }
  virtual inline const char* type() const { return "MutMeanGate"; }
  virtual inline int ExactNumBottomBlobs() const { return 1; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  Blob<Dtype> mask_;  // one sample's 0/1 gate
  int num_;
  int dim_;
};

template <typename Dtype>
void MutMeanGateLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                          const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* mask = mask_.mutable_cpu_data();
  // CGP-MUTANT: unsafe class=scratch-read-after reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + n * dim_;
    Dtype mean = 0;
    for (int k = 0; k < dim_; ++k) mean += in[k];
    mean /= dim_;
    for (int k = 0; k < dim_; ++k) {
      mask[k] = in[k] > mean ? Dtype(1) : Dtype(0);
    }
    caffe_mul(dim_, in, mask, top_data + n * dim_);
  }
}

// The same gate, reporting how many units the (last) sample kept.
template <typename Dtype>
class MutMeanGateStatsLayer : public MutMeanGateLayer<Dtype> {
 public:
  explicit MutMeanGateStatsLayer(const LayerParameter& param) : MutMeanGateLayer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    MutMeanGateLayer<Dtype>::Reshape(bottom, top);
    vector<int> scalar(0);
    top[1]->Reshape(scalar);
  }
  virtual inline const char* type() const { return "MutMeanGateStats"; }
  virtual inline int ExactNumTopBlobs() const { return 2; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    MutMeanGateLayer<Dtype>::Forward_cpu(bottom, top);
    top[1]->mutable_cpu_data()[0] =
        caffe_cpu_asum(this->dim_, this->mask_.cpu_data()) / this->dim_;
  }
};

INSTANTIATE_CLASS(MutMeanGateLayer);
REGISTER_LAYER_CLASS(MutMeanGate);
INSTANTIATE_CLASS(MutMeanGateStatsLayer);
REGISTER_LAYER_CLASS(MutMeanGateStats);

}  // namespace caffe
