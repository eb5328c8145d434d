#include <vector>
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"
namespace caffe {

// MobileNet-YOLO's Axpy: top = scale (N x C) * x (N x C x H x W) + y. Each (n, c) reads the
// scale at n * channels + c and writes a block of spatial_dim at (n * channels + c) *
// spatial_dim. Run in place on bottom[0] (top[0] is bottom[0], reshaped like x), sample 1
// reads the scales at [C, 2C), which sample 0's blocks overwrite.
template <typename Dtype>
class Mut24EAxpyScaleLayer : public Layer<Dtype> {
 public:
  explicit Mut24EAxpyScaleLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    top[0]->ReshapeLike(*bottom[1]);
  }
  virtual inline const char* type() const { return "Mut24EAxpyScale"; }
  virtual inline int ExactNumBottomBlobs() const { return 3; }
  virtual inline int ExactNumTopBlobs() const { return 1; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    int channel_dim = bottom[1]->channels();
    int spatial_dim = bottom[1]->count(2);
    const Dtype* scale_data = bottom[0]->cpu_data();
    const Dtype* x_data = bottom[1]->cpu_data();
    Dtype* top_data = top[0]->mutable_cpu_data();
    caffe_copy(bottom[2]->count(), bottom[2]->cpu_data(), top_data);
    // CGP-MUTANT: unsafe class=aliasing reason=aliasing guard=bottom[0]
    for (int n = 0; n < bottom[1]->num(); ++n) {
      for (int c = 0; c < channel_dim; ++c) {
        int scale_offset = n * channel_dim + c;
        caffe_axpy(spatial_dim, scale_data[scale_offset],
            x_data + scale_offset * spatial_dim,
            top_data + scale_offset * spatial_dim);
      }
    }
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
};

INSTANTIATE_CLASS(Mut24EAxpyScaleLayer);
REGISTER_LAYER_CLASS(Mut24EAxpyScale);
}  // namespace caffe
