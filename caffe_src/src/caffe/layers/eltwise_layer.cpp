#include <cfloat>
#include <vector>

#include "caffe/layers/eltwise_layer.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
void EltwiseLayer<Dtype>::LayerSetUp(const vector<Blob<Dtype>*>& bottom,
                                     const vector<Blob<Dtype>*>& top) {
  const EltwiseParameter& eltwise_param = this->layer_param_.eltwise_param();
  CHECK(eltwise_param.coeff_size() == 0 ||
        eltwise_param.coeff_size() == static_cast<int>(bottom.size()))
      << "Eltwise takes one coefficient per bottom blob.";
  CHECK(!(eltwise_param.operation() != EltwiseParameter_EltwiseOp_SUM &&
          eltwise_param.coeff_size() > 0))
      << "Eltwise coefficients are only meaningful for SUM.";
  op_ = eltwise_param.operation();
  coeffs_ = vector<Dtype>(bottom.size(), Dtype(1));
  for (int i = 0; i < eltwise_param.coeff_size(); ++i) {
    coeffs_[i] = eltwise_param.coeff(i);
  }
  stable_prod_grad_ = eltwise_param.stable_prod_grad();
}

template <typename Dtype>
void EltwiseLayer<Dtype>::Reshape(const vector<Blob<Dtype>*>& bottom,
                                  const vector<Blob<Dtype>*>& top) {
  for (size_t i = 1; i < bottom.size(); ++i) {
    CHECK(bottom[i]->shape() == bottom[0]->shape())
        << "Eltwise bottom " << i << " has shape " << bottom[i]->shape_string()
        << " but bottom 0 has " << bottom[0]->shape_string();
  }
  top[0]->ReshapeLike(*bottom[0]);
  if (op_ == EltwiseParameter_EltwiseOp_MAX && top.size() == 1) {
    max_idx_.Reshape(bottom[0]->shape());
  }
}

template <typename Dtype>
void EltwiseLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                      const vector<Blob<Dtype>*>& top) {
  const int count = top[0]->count();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int num_bottom = static_cast<int>(bottom.size());
  switch (op_) {
    case EltwiseParameter_EltwiseOp_PROD:
      caffe_mul(count, bottom[0]->cpu_data(), bottom[1]->cpu_data(), top_data);
      for (int i = 2; i < num_bottom; ++i) {
        caffe_mul(count, top_data, bottom[i]->cpu_data(), top_data);
      }
      break;
    case EltwiseParameter_EltwiseOp_SUM:
      caffe_set(count, Dtype(0), top_data);
      for (int i = 0; i < num_bottom; ++i) {
        caffe_axpy(count, coeffs_[i], bottom[i]->cpu_data(), top_data);
      }
      break;
    case EltwiseParameter_EltwiseOp_MAX: {
      int* mask = max_idx_.mutable_cpu_data();
      caffe_set(count, -1, mask);
      caffe_set(count, Dtype(-FLT_MAX), top_data);
      const Dtype* bottom_data_a = bottom[0]->cpu_data();
      const Dtype* bottom_data_b = bottom[1]->cpu_data();
      for (int idx = 0; idx < count; ++idx) {
        if (bottom_data_a[idx] > bottom_data_b[idx]) {
          top_data[idx] = bottom_data_a[idx];
          mask[idx] = 0;
        } else {
          top_data[idx] = bottom_data_b[idx];
          mask[idx] = 1;
        }
      }
      for (int blob_idx = 2; blob_idx < num_bottom; ++blob_idx) {
        const Dtype* bottom_data = bottom[blob_idx]->cpu_data();
        for (int idx = 0; idx < count; ++idx) {
          if (bottom_data[idx] > top_data[idx]) {
            top_data[idx] = bottom_data[idx];
            mask[idx] = blob_idx;
          }
        }
      }
      break;
    }
    default:
      LOG(FATAL) << "Unknown elementwise operation.";
  }
}

template <typename Dtype>
void EltwiseLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
                                       const vector<bool>& propagate_down,
                                       const vector<Blob<Dtype>*>& bottom) {
  const int count = top[0]->count();
  const Dtype* top_data = top[0]->cpu_data();
  const Dtype* top_diff = top[0]->cpu_diff();
  const int num_bottom = static_cast<int>(bottom.size());
  for (int i = 0; i < num_bottom; ++i) {
    if (!propagate_down[i]) continue;
    const Dtype* bottom_data = bottom[i]->cpu_data();
    Dtype* bottom_diff = bottom[i]->mutable_cpu_diff();
    switch (op_) {
      case EltwiseParameter_EltwiseOp_PROD:
        if (stable_prod_grad_) {
          // The product of all the other bottoms, without dividing by this one.
          bool initialized = false;
          for (int j = 0; j < num_bottom; ++j) {
            if (j == i) continue;
            if (!initialized) {
              caffe_copy(count, bottom[j]->cpu_data(), bottom_diff);
              initialized = true;
            } else {
              caffe_mul(count, bottom[j]->cpu_data(), bottom_diff, bottom_diff);
            }
          }
        } else {
          caffe_div(count, top_data, bottom_data, bottom_diff);
        }
        caffe_mul(count, bottom_diff, top_diff, bottom_diff);
        break;
      case EltwiseParameter_EltwiseOp_SUM:
        if (coeffs_[i] == Dtype(1)) {
          caffe_copy(count, top_diff, bottom_diff);
        } else {
          caffe_cpu_scale(count, coeffs_[i], top_diff, bottom_diff);
        }
        break;
      case EltwiseParameter_EltwiseOp_MAX: {
        const int* mask = max_idx_.cpu_data();
        for (int index = 0; index < count; ++index) {
          bottom_diff[index] = (mask[index] == i) ? top_diff[index] : Dtype(0);
        }
        break;
      }
      default:
        LOG(FATAL) << "Unknown elementwise operation.";
    }
  }
}

INSTANTIATE_CLASS(EltwiseLayer);
REGISTER_LAYER_CLASS(Eltwise);

}  // namespace caffe
