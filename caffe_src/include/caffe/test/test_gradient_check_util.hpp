// Finite-difference gradient checking for layers.
//
// The checker builds a scalar objective from the layer's tops, runs Backward to get
// the analytic gradient of that objective with respect to every checked blob (the
// chosen bottoms and all parameter blobs), then compares each element against the
// central difference (f(x + h) - f(x - h)) / 2h obtained by re-running Forward.
//
// Objectives:
//   top_id < 0                       : 0.5 * sum of squares over all tops
//   top_id >= 0, top_data_id < 0     : 0.5 * sum of squares over top[top_id]
//   top_id >= 0, top_data_id >= 0    : 2 * top[top_id][top_data_id]
#ifndef CAFFE_TEST_GRADIENT_CHECK_UTIL_H_
#define CAFFE_TEST_GRADIENT_CHECK_UTIL_H_

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "caffe/blob.hpp"
#include "caffe/common.hpp"
#include "caffe/layer.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class GradientChecker {
 public:
  // stepsize: the finite-difference step h. threshold: allowed error relative to
  // max(|analytic|, |numeric|, 1). Elements whose |value| lies within kink_range
  // of kink (a non-differentiable point, e.g. 0 for ReLU) are not compared.
  GradientChecker(const Dtype stepsize, const Dtype threshold, const unsigned int seed = 1701,
                  const Dtype kink = 0., const Dtype kink_range = -1)
      : stepsize_(stepsize),
        threshold_(threshold),
        seed_(seed),
        kink_(kink),
        kink_range_(kink_range) {}

  // Sets the layer up, then checks the gradient of the all-tops objective with
  // respect to bottom[check_bottom] (every bottom when -1) and every parameter.
  void CheckGradient(Layer<Dtype>* layer, const vector<Blob<Dtype>*>& bottom,
                     const vector<Blob<Dtype>*>& top, int check_bottom = -1) {
    layer->SetUp(bottom, top);
    CheckGradientSingle(layer, bottom, top, check_bottom, -1, -1);
  }

  // Sets the layer up, then checks the gradient of every single top element.
  void CheckGradientExhaustive(Layer<Dtype>* layer, const vector<Blob<Dtype>*>& bottom,
                               const vector<Blob<Dtype>*>& top, int check_bottom = -1) {
    layer->SetUp(bottom, top);
    CHECK_GT(top.size(), 0) << "Exhaustive mode requires at least one top blob.";
    for (int i = 0; i < static_cast<int>(top.size()); ++i) {
      for (int j = 0; j < top[i]->count(); ++j) {
        CheckGradientSingle(layer, bottom, top, check_bottom, i, j);
      }
    }
  }

  // For elementwise layers (top j depends on bottom j only, no parameters): each
  // top element is checked against the matching element of every bottom.
  void CheckGradientEltwise(Layer<Dtype>* layer, const vector<Blob<Dtype>*>& bottom,
                            const vector<Blob<Dtype>*>& top) {
    layer->SetUp(bottom, top);
    CHECK_GT(top.size(), 0) << "Eltwise mode requires at least one top blob.";
    const int check_bottom = -1;
    const bool element_wise = true;
    for (int i = 0; i < static_cast<int>(top.size()); ++i) {
      for (int j = 0; j < top[i]->count(); ++j) {
        CheckGradientSingle(layer, bottom, top, check_bottom, i, j, element_wise);
      }
    }
  }

  // One objective (see the header comment); the layer must already be set up.
  void CheckGradientSingle(Layer<Dtype>* layer, const vector<Blob<Dtype>*>& bottom,
                           const vector<Blob<Dtype>*>& top, int check_bottom, int top_id,
                           int top_data_id, bool element_wise = false);

  // Checks every layer of a net exhaustively, after a forward pass from input.
  // NetT is Net<Dtype> (a template so this header does not need net.hpp).
  template <typename NetT>
  void CheckGradientNet(NetT& net, const vector<Blob<Dtype>*>& input) {
    const auto& layers = net.layers();
    const auto& bottom_vecs = net.bottom_vecs();
    const auto& top_vecs = net.top_vecs();
    for (size_t i = 0; i < layers.size(); ++i) {
      net.Forward(input);
      LOG(INFO) << "Checking gradient for " << layers[i]->layer_param().name();
      CheckGradientExhaustive(layers[i].get(), bottom_vecs[i], top_vecs[i]);
    }
  }

 protected:
  // Writes d(objective)/d(top) into the tops' diffs and returns the objective.
  Dtype GetObjAndGradient(const Layer<Dtype>& layer, const vector<Blob<Dtype>*>& top,
                          int top_id = -1, int top_data_id = -1);

  Dtype stepsize_;
  Dtype threshold_;
  unsigned int seed_;
  Dtype kink_;
  Dtype kink_range_;
};

template <typename Dtype>
void GradientChecker<Dtype>::CheckGradientSingle(Layer<Dtype>* layer,
                                                 const vector<Blob<Dtype>*>& bottom,
                                                 const vector<Blob<Dtype>*>& top,
                                                 int check_bottom, int top_id, int top_data_id,
                                                 bool element_wise) {
  if (element_wise) {
    CHECK_EQ(0, layer->blobs().size()) << "element-wise checks need a parameter-free layer";
    CHECK_LE(0, top_id);
    CHECK_LE(0, top_data_id);
    const int top_count = top[top_id]->count();
    for (size_t i = 0; i < bottom.size(); ++i) {
      CHECK_EQ(top_count, bottom[i]->count());
    }
  }
  // The blobs to check: all parameters (their diffs zeroed, since layers
  // accumulate parameter gradients), then the selected bottoms.
  vector<Blob<Dtype>*> blobs_to_check;
  vector<bool> propagate_down(bottom.size(), check_bottom < 0);
  for (size_t i = 0; i < layer->blobs().size(); ++i) {
    Blob<Dtype>* blob = layer->blobs()[i].get();
    caffe_set(blob->count(), Dtype(0), blob->mutable_cpu_diff());
    blobs_to_check.push_back(blob);
  }
  if (check_bottom < 0) {
    for (size_t i = 0; i < bottom.size(); ++i) blobs_to_check.push_back(bottom[i]);
  } else {
    CHECK_LT(check_bottom, static_cast<int>(bottom.size()));
    blobs_to_check.push_back(bottom[check_bottom]);
    propagate_down[check_bottom] = true;
  }
  CHECK_GT(blobs_to_check.size(), 0) << "No blobs to check.";

  // Analytic gradients.
  Caffe::set_random_seed(seed_);
  layer->Forward(bottom, top);
  GetObjAndGradient(*layer, top, top_id, top_data_id);
  layer->Backward(top, propagate_down, bottom);
  vector<vector<Dtype> > computed_gradients(blobs_to_check.size());
  for (size_t b = 0; b < blobs_to_check.size(); ++b) {
    const Blob<Dtype>* blob = blobs_to_check[b];
    const Dtype* diff = blob->cpu_diff();
    computed_gradients[b].assign(diff, diff + blob->count());
  }

  // Numeric gradients, one element at a time.
  for (size_t b = 0; b < blobs_to_check.size(); ++b) {
    Blob<Dtype>* current_blob = blobs_to_check[b];
    for (int feat_id = 0; feat_id < current_blob->count(); ++feat_id) {
      if (element_wise && feat_id != top_data_id) continue;
      Dtype* data = current_blob->mutable_cpu_data();
      const Dtype original = data[feat_id];
      data[feat_id] = original + stepsize_;
      Caffe::set_random_seed(seed_);
      layer->Forward(bottom, top);
      const Dtype positive_objective = GetObjAndGradient(*layer, top, top_id, top_data_id);
      data = current_blob->mutable_cpu_data();
      data[feat_id] = original - stepsize_;
      Caffe::set_random_seed(seed_);
      layer->Forward(bottom, top);
      const Dtype negative_objective = GetObjAndGradient(*layer, top, top_id, top_data_id);
      data = current_blob->mutable_cpu_data();
      data[feat_id] = original;
      const Dtype estimated_gradient =
          (positive_objective - negative_objective) / stepsize_ / Dtype(2);
      const Dtype computed_gradient = computed_gradients[b][feat_id];
      const Dtype feature = original;
      // Skip elements sitting on (or near) a kink of the function.
      if (kink_ - kink_range_ > std::fabs(feature) || std::fabs(feature) > kink_ + kink_range_) {
        const Dtype scale = std::max<Dtype>(
            std::max(std::fabs(computed_gradient), std::fabs(estimated_gradient)), Dtype(1));
        EXPECT_NEAR(computed_gradient, estimated_gradient, threshold_ * scale)
            << "debug: (top_id, top_data_id, blob_id, feat_id)=" << top_id << ","
            << top_data_id << "," << b << "," << feat_id
            << "; feat = " << feature << "; objective+ = " << positive_objective
            << "; objective- = " << negative_objective;
      }
    }
  }
}

template <typename Dtype>
Dtype GradientChecker<Dtype>::GetObjAndGradient(const Layer<Dtype>& layer,
                                                const vector<Blob<Dtype>*>& top, int top_id,
                                                int top_data_id) {
  Dtype loss = 0;
  if (top_id < 0) {
    // 0.5 * sum of squares over every top: the gradient is the data itself.
    for (size_t i = 0; i < top.size(); ++i) {
      Blob<Dtype>* top_blob = top[i];
      const Dtype* top_data = top_blob->cpu_data();
      Dtype* top_diff = top_blob->mutable_cpu_diff();
      const int count = top_blob->count();
      for (int j = 0; j < count; ++j) loss += top_data[j] * top_data[j];
      caffe_copy(count, top_data, top_diff);
    }
    loss /= 2;
    return loss;
  }
  // Only top[top_id] contributes; every other diff is zero.
  for (size_t i = 0; i < top.size(); ++i) {
    caffe_set(top[i]->count(), Dtype(0), top[i]->mutable_cpu_diff());
  }
  Blob<Dtype>* top_blob = top[top_id];
  const Dtype* top_data = top_blob->cpu_data();
  Dtype* top_diff = top_blob->mutable_cpu_diff();
  const int count = top_blob->count();
  if (top_data_id < 0) {
    for (int j = 0; j < count; ++j) loss += top_data[j] * top_data[j];
    caffe_copy(count, top_data, top_diff);
    loss /= 2;
  } else {
    CHECK_LT(top_data_id, count);
    const Dtype loss_weight = 2;
    loss = top_data[top_data_id] * loss_weight;
    top_diff[top_data_id] = loss_weight;
  }
  return loss;
}

}  // namespace caffe

#endif  // CAFFE_TEST_GRADIENT_CHECK_UTIL_H_
