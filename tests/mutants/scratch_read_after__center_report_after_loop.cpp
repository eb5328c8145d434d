// From caffe_src's BatchNormLayer / MVN idiom (subtract the mean, divide by the standard
// deviation), per sample: each sample is centered in a member scratch Blob, `centered_`,
// then scaled into top.
// Edit: after the batch loop, the optional second top reports the energy of `centered_`, i.e.
// of the last sample's centered values, which the author knew to be still in the scratch.
// If the loop ran in parallel, each thread would center into its own copy of the scratch (or
// they would race on one), and the read after the loop would not see the last sample's values.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutCenterReportLayer : public Layer<Dtype> {
 public:
  explicit MutCenterReportLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    vector<int> one_sample(1, dim_);
    centered_.Reshape(one_sample);
    if (top.size() > 1) {
      vector<int> scalar(0);
      top[1]->Reshape(scalar);
    }
  }
  virtual inline const char* type() const { return "MutCenterReport"; }
  virtual inline int ExactNumBottomBlobs() const { return 1; }
  virtual inline int MinTopBlobs() const { return 1; }
  virtual inline int MaxTopBlobs() const { return 2; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  Blob<Dtype> centered_;  // one sample, x - mean(x)
  int num_;
  int dim_;
};

template <typename Dtype>
void MutCenterReportLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                              const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* centered = centered_.mutable_cpu_data();
  const Dtype eps = Dtype(1e-5);
  // CGP-MUTANT: unsafe class=scratch-read-after reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    Dtype mean = 0;
    for (int k = 0; k < dim_; ++k) {
      mean += bottom_data[n * dim_ + k];
    }
    mean /= dim_;
    for (int k = 0; k < dim_; ++k) {
      centered[k] = bottom_data[n * dim_ + k] - mean;
    }
    const Dtype var = caffe_cpu_dot(dim_, centered, centered) / dim_;
    caffe_cpu_scale(dim_, Dtype(1) / std::sqrt(var + eps), centered, top_data + n * dim_);
  }
  if (top.size() > 1) {
    // The last sample's centered energy, as a cheap drift probe.
    top[1]->mutable_cpu_data()[0] = caffe_cpu_dot(dim_, centered_.cpu_data(),
                                                  centered_.cpu_data()) / dim_;
  }
}

INSTANTIATE_CLASS(MutCenterReportLayer);
REGISTER_LAYER_CLASS(MutCenterReport);

}  // namespace caffe
