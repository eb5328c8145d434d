// From EltwiseLayer's SUM (caffe_src/src/caffe/layers/eltwise_layer.cpp), scaled copy of the
// input. Control: a helper takes the source pointer by value before the loop (it cannot move
// the caller's pointer), and a copy of it is stepped; the loop stays parallel.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class CtlPointerByValueLayer : public Layer<Dtype> {
 public:
  explicit CtlPointerByValueLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    shift_ = true;
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    vector<int> shape = bottom[0]->shape();
    shape[0] += 1;
    top[0]->Reshape(shape);
  }
  virtual inline const char* type() const { return "CtlPointerByValue"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  void CheckSource(const Dtype* source, const Dtype* ahead) {
    if (shift_) {
      CHECK(source != ahead);
      ++source;
    }
  }
  bool shift_;
  int num_;
  int dim_;
};

template <typename Dtype>
void CtlPointerByValueLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* source = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  CheckSource(source, top_data + dim_);
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = Dtype(2) * source[n * dim_ + k];
    }
  }
}

INSTANTIATE_CLASS(CtlPointerByValueLayer);
REGISTER_LAYER_CLASS(CtlPointerByValue);

}  // namespace caffe
