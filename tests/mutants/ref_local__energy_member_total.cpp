// From PowerLayer (caffe_src/src/caffe/layers/power_layer.cpp): y = (shift + scale * x)^power.
// Edit: the layer keeps a running total of the output energy in a member, for a monitoring
// hook in Backward. The author binds a reference to the member inside the batch loop and adds
// each sample's energy through it. Every sample adds into the same member.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutREnergyTotalLayer : public Layer<Dtype> {
 public:
  explicit MutREnergyTotalLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    power_ = this->layer_param_.power_param().power();
    scale_ = this->layer_param_.power_param().scale();
    energy_total_ = Dtype(0);
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutREnergyTotal"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {
    LOG(INFO) << "output energy so far: " << energy_total_;
  }
  Dtype power_, scale_, energy_total_;
  int num_, dim_;
};

template <typename Dtype>
void MutREnergyTotalLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                              const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=ref-alias reason=aliasing
  for (int n = 0; n < num_; ++n) {
    Dtype& total = this->energy_total_;
    for (int k = 0; k < dim_; ++k) {
      const Dtype y = std::pow(scale_ * bottom_data[n * dim_ + k], power_);
      top_data[n * dim_ + k] = y;
      total += y * y;
    }
  }
}

INSTANTIATE_CLASS(MutREnergyTotalLayer);
REGISTER_LAYER_CLASS(MutREnergyTotal);

}  // namespace caffe
