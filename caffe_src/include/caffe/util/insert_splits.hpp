// Split insertion: when one top blob feeds more than one consumer (bottoms of later
// layers, or a loss), a "Split" layer is added right after its producer so every
// consumer reads its own copy and the gradients of all consumers are summed.
#ifndef CAFFE_UTIL_INSERT_SPLITS_HPP_
#define CAFFE_UTIL_INSERT_SPLITS_HPP_

#include <string>

#include "caffe/common.hpp"
#include "caffe/proto/caffe.pb.h"

namespace caffe {

// Copies param into param_split, adding Split layers and renaming the bottoms that
// read from a split top.
void InsertSplits(const NetParameter& param, NetParameter* param_split);

// Fills split_layer_param with a Split layer of split_count tops for the blob_idx-th
// top (named blob_name) of layer layer_name. A non-zero loss_weight goes on top 0.
void ConfigureSplitLayer(const string& layer_name, const string& blob_name,
                         const int blob_idx, const int split_count, const float loss_weight,
                         LayerParameter* split_layer_param);

// "<blob>_<layer>_<blob_idx>_split"
string SplitLayerName(const string& layer_name, const string& blob_name, const int blob_idx);

// "<blob>_<layer>_<blob_idx>_split_<split_idx>"
string SplitBlobName(const string& layer_name, const string& blob_name, const int blob_idx,
                     const int split_idx);

}  // namespace caffe

#endif  // CAFFE_UTIL_INSERT_SPLITS_HPP_
