// Control, the legal twin of scratch_read_after__conv_reuse_last_columns: from caffe_src's
// ConvolutionLayer (per sample: im2col into the member col_buffer_, then a gemm). The scratch
// is fully overwritten (im2col of the whole buffer) before every read, in the Forward loop
// and in Backward_cpu, which unrolls every sample again instead of reusing what Forward left.
// Nothing reads the scratch as a value left by another sample.
#include <vector>

#include "caffe/filler.hpp"
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/im2col.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutColumnRecomputeConvLayer : public Layer<Dtype> {
 public:
  explicit MutColumnRecomputeConvLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const ConvolutionParameter& conv_param = this->layer_param_.convolution_param();
    kernel_ = conv_param.kernel_size_size() > 0 ? conv_param.kernel_size(0) : 1;
    pad_ = conv_param.pad_size() > 0 ? conv_param.pad(0) : 0;
    stride_ = conv_param.stride_size() > 0 ? conv_param.stride(0) : 1;
    num_output_ = conv_param.num_output();
    channels_ = bottom[0]->channels();
    this->blobs_.resize(1);
    this->blobs_[0].reset(new Blob<Dtype>(num_output_, channels_, kernel_, kernel_));
    shared_ptr<Filler<Dtype> > weight_filler(GetFiller<Dtype>(conv_param.weight_filler()));
    weight_filler->Fill(this->blobs_[0].get());
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    CHECK_EQ(4, bottom[0]->num_axes());
    num_ = bottom[0]->num();
    height_ = bottom[0]->height();
    width_ = bottom[0]->width();
    height_out_ = (height_ + 2 * pad_ - kernel_) / stride_ + 1;
    width_out_ = (width_ + 2 * pad_ - kernel_) / stride_ + 1;
    top[0]->Reshape(num_, num_output_, height_out_, width_out_);
    kernel_dim_ = channels_ * kernel_ * kernel_;
    out_spatial_dim_ = height_out_ * width_out_;
    bottom_dim_ = bottom[0]->count(1);
    top_dim_ = top[0]->count(1);
    col_buffer_.Reshape(1, kernel_dim_, height_out_, width_out_);
  }
  virtual inline const char* type() const { return "MutColumnRecomputeConv"; }
  virtual inline int ExactNumBottomBlobs() const { return 1; }
  virtual inline int ExactNumTopBlobs() const { return 1; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  void unroll(const Dtype* image, Dtype* columns) {
    im2col_cpu(image, channels_, height_, width_, kernel_, kernel_, pad_, pad_, stride_,
               stride_, 1, 1, columns);
  }

  Blob<Dtype> col_buffer_;
  int kernel_, pad_, stride_, num_output_;
  int num_, channels_, height_, width_, height_out_, width_out_;
  int kernel_dim_, out_spatial_dim_, bottom_dim_, top_dim_;
};

template <typename Dtype>
void MutColumnRecomputeConvLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                     const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const Dtype* weight = this->blobs_[0]->cpu_data();
  Dtype* col_buff = col_buffer_.mutable_cpu_data();
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    unroll(bottom_data + n * bottom_dim_, col_buff);
    caffe_cpu_gemm<Dtype>(CblasNoTrans, CblasNoTrans, num_output_, out_spatial_dim_,
                          kernel_dim_, Dtype(1), weight, col_buff, Dtype(0),
                          top_data + n * top_dim_);
  }
}

template <typename Dtype>
void MutColumnRecomputeConvLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
                                                      const vector<bool>& propagate_down,
                                                      const vector<Blob<Dtype>*>& bottom) {
  if (!this->param_propagate_down_[0]) return;
  const Dtype* top_diff = top[0]->cpu_diff();
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* weight_diff = this->blobs_[0]->mutable_cpu_diff();
  Dtype* col_buff = col_buffer_.mutable_cpu_data();
  for (int n = 0; n < num_; ++n) {
    unroll(bottom_data + n * bottom_dim_, col_buff);
    caffe_cpu_gemm<Dtype>(CblasNoTrans, CblasTrans, num_output_, kernel_dim_,
                          out_spatial_dim_, Dtype(1), top_diff + n * top_dim_, col_buff,
                          Dtype(1), weight_diff);
  }
}

INSTANTIATE_CLASS(MutColumnRecomputeConvLayer);
REGISTER_LAYER_CLASS(MutColumnRecomputeConv);

}  // namespace caffe
