#include <vector>
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"
namespace caffe {

// A helper whose vector parameters are named bottom and top, called with a vector the
// caller built: the helper's bottom[1] is the layer's top[0], whose first sample the loop
// writes while every sample reads it.
template <typename Dtype>
class Mut23BBuiltVecLayer : public Layer<Dtype> {
 public:
  explicit Mut23BBuiltVecLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "Mut23BBuiltVec"; }

 protected:
  void Mut23BBuiltRun(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const int num = bottom[0]->num();
    const int dim = bottom[0]->count(1);
    const Dtype* first_data = bottom[1]->cpu_data();
    Dtype* top_data = top[0]->mutable_cpu_data();
    // CGP-MUTANT: unsafe class=aliasing reason=aliasing
    for (int n = 0; n < num; ++n) {
      for (int k = 0; k < dim; ++k) {
        top_data[n * dim + k] = first_data[k] * Dtype(0.5);
      }
    }
  }
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    vector<Blob<Dtype>*> pair;
    pair.push_back(bottom[0]);
    pair.push_back(top[0]);
    Mut23BBuiltRun(pair, top);
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
};

INSTANTIATE_CLASS(Mut23BBuiltVecLayer);
REGISTER_LAYER_CLASS(Mut23BBuiltVec);
}  // namespace caffe
