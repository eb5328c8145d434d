// Control (red team 21a, family 2, tree_gemm_definition_bypassed): InnerProduct's forward
// gemm and a gemv whose rows are the samples, in a tree whose caffe_cpu_gemm / caffe_cpu_gemv
// are Caffe's own plain calls of CBLAS for float and double (caffe_src's math_functions.cpp,
// which campaign.build_tree copies in): the batch-blas split, which calls CBLAS itself,
// computes what the tree's wrapper does, and stays. A tree whose wrapper is defined for
// another type or computes something else is tests/test_blas_defs.py's (the definitions
// are tree-wide, so a mutant file cannot change them for one call).
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutPlainWrapperGemmLayer : public Layer<Dtype> {
 public:
  explicit MutPlainWrapperGemmLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    this->blobs_.resize(1);
    this->blobs_[0].reset(new Blob<Dtype>(vector<int>(2, bottom[0]->count(1))));
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutPlainWrapperGemm"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    // CGP-MUTANT: control
    caffe_cpu_gemm<Dtype>(CblasNoTrans, CblasTrans, bottom[0]->num(), dim_, dim_, Dtype(1),
                          bottom[0]->cpu_data(), this->blobs_[0]->cpu_data(), Dtype(0),
                          top[0]->mutable_cpu_data());
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int dim_;
};

template <typename Dtype>
class MutPlainWrapperGemvLayer : public Layer<Dtype> {
 public:
  explicit MutPlainWrapperGemvLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    this->blobs_.resize(1);
    this->blobs_[0].reset(new Blob<Dtype>(vector<int>(1, bottom[0]->count(1))));
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    dim_ = bottom[0]->count(1);
    top[0]->Reshape(vector<int>(1, bottom[0]->num()));
  }
  virtual inline const char* type() const { return "MutPlainWrapperGemv"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    // CGP-MUTANT: control
    caffe_cpu_gemv<Dtype>(CblasNoTrans, bottom[0]->num(), dim_, Dtype(1), bottom[0]->cpu_data(),
                          this->blobs_[0]->cpu_data(), Dtype(0), top[0]->mutable_cpu_data());
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int dim_;
};

INSTANTIATE_CLASS(MutPlainWrapperGemmLayer);
INSTANTIATE_CLASS(MutPlainWrapperGemvLayer);
REGISTER_LAYER_CLASS(MutPlainWrapperGemm);
REGISTER_LAYER_CLASS(MutPlainWrapperGemv);

}  // namespace caffe
