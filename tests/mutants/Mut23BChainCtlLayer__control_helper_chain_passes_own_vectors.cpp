#include <vector>
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"
namespace caffe {

// A helper two calls deep whose vector parameters are the layer's own bottom and top at
// every call (Forward_cpu -> Mut23BChainOuter -> Mut23BChainInner): bottom[1] is the
// layer's second input, which the loop never writes.
template <typename Dtype>
class Mut23BChainCtlLayer : public Layer<Dtype> {
 public:
  explicit Mut23BChainCtlLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "Mut23BChainCtl"; }
  virtual inline int ExactNumBottomBlobs() const { return 2; }

 protected:
  void Mut23BChainInner(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const int num = bottom[0]->num();
    const int dim = bottom[0]->count(1);
    const Dtype* in_data = bottom[0]->cpu_data();
    const Dtype* scale_data = bottom[1]->cpu_data();
    Dtype* top_data = top[0]->mutable_cpu_data();
    // CGP-MUTANT: control
    for (int n = 0; n < num; ++n) {
      for (int k = 0; k < dim; ++k) {
        top_data[n * dim + k] = in_data[n * dim + k] * scale_data[k];
      }
    }
  }
  void Mut23BChainOuter(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    Mut23BChainInner(bottom, top);
  }
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    this->Mut23BChainOuter(bottom, top);
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {
    Mut23BChainInner(bottom, top);
  }
};

INSTANTIATE_CLASS(Mut23BChainCtlLayer);
REGISTER_LAYER_CLASS(Mut23BChainCtl);
}  // namespace caffe
