// Adds Split layers for top blobs consumed more than once (see insert_splits.hpp).
#include "caffe/util/insert_splits.hpp"

#include <algorithm>
#include <map>
#include <sstream>
#include <string>
#include <utility>

#include "caffe/common.hpp"

namespace caffe {

namespace {
// A (layer index, blob index within that layer's tops or bottoms) pair.
typedef pair<int, int> BlobRef;
}  // namespace

void InsertSplits(const NetParameter& param, NetParameter* param_split) {
  param_split->CopyFrom(param);
  param_split->clear_layer();

  // Which top most recently produced each blob name.
  map<string, BlobRef> blob_name_to_last_top_idx;
  // For each bottom, the top it reads from.
  map<BlobRef, BlobRef> bottom_idx_to_source_top_idx;
  // How many consumers (bottoms, plus one for a loss) each top has.
  map<BlobRef, int> top_idx_to_bottom_count;
  map<BlobRef, float> top_idx_to_loss_weight;
  // The next split output to hand out for each split top.
  map<BlobRef, int> top_idx_to_bottom_split_idx;
  map<int, string> layer_idx_to_layer_name;

  // First pass: count the consumers of every top.
  for (int i = 0; i < param.layer_size(); ++i) {
    const LayerParameter& layer_param = param.layer(i);
    layer_idx_to_layer_name[i] = layer_param.name();
    for (int j = 0; j < layer_param.bottom_size(); ++j) {
      const string& blob_name = layer_param.bottom(j);
      auto source = blob_name_to_last_top_idx.find(blob_name);
      if (source == blob_name_to_last_top_idx.end()) {
        LOG(FATAL) << "Unknown bottom blob '" << blob_name << "' (layer '"
                   << layer_param.name() << "', bottom index " << j << ")";
      }
      const BlobRef bottom_idx = make_pair(i, j);
      bottom_idx_to_source_top_idx[bottom_idx] = source->second;
      ++top_idx_to_bottom_count[source->second];
    }
    for (int j = 0; j < layer_param.top_size(); ++j) {
      blob_name_to_last_top_idx[layer_param.top(j)] = make_pair(i, j);
    }
    // A top that is also a loss counts as one more consumer.
    const int num_loss = std::min(layer_param.loss_weight_size(), layer_param.top_size());
    for (int j = 0; j < num_loss; ++j) {
      const BlobRef top_idx = blob_name_to_last_top_idx[layer_param.top(j)];
      const float loss_weight = layer_param.loss_weight(j);
      top_idx_to_loss_weight[top_idx] = loss_weight;
      if (loss_weight != 0) ++top_idx_to_bottom_count[top_idx];
    }
  }

  // Second pass: copy the layers, rename shared bottoms, and add the splits.
  for (int i = 0; i < param.layer_size(); ++i) {
    LayerParameter* layer_param = param_split->add_layer();
    layer_param->CopyFrom(param.layer(i));
    for (int j = 0; j < layer_param->bottom_size(); ++j) {
      const BlobRef top_idx = bottom_idx_to_source_top_idx[make_pair(i, j)];
      const int split_count = top_idx_to_bottom_count[top_idx];
      if (split_count > 1) {
        const string& producer_name = layer_idx_to_layer_name[top_idx.first];
        const string blob_name = layer_param->bottom(j);
        layer_param->set_bottom(j, SplitBlobName(producer_name, blob_name, top_idx.second,
                                                 top_idx_to_bottom_split_idx[top_idx]++));
      }
    }
    for (int j = 0; j < layer_param->top_size(); ++j) {
      const BlobRef top_idx = make_pair(i, j);
      const int split_count = top_idx_to_bottom_count[top_idx];
      if (split_count > 1) {
        const string& layer_name = layer_idx_to_layer_name[i];
        const string& blob_name = layer_param->top(j);
        const float loss_weight = top_idx_to_loss_weight[top_idx];
        LayerParameter* split_layer_param = param_split->add_layer();
        ConfigureSplitLayer(layer_name, blob_name, j, split_count, loss_weight,
                            split_layer_param);
        if (loss_weight) {
          // The loss now lives on the split's first output.
          layer_param->clear_loss_weight();
          ++top_idx_to_bottom_split_idx[top_idx];
        }
      }
    }
  }
}

void ConfigureSplitLayer(const string& layer_name, const string& blob_name,
                         const int blob_idx, const int split_count, const float loss_weight,
                         LayerParameter* split_layer_param) {
  split_layer_param->Clear();
  split_layer_param->add_bottom(blob_name);
  split_layer_param->set_name(SplitLayerName(layer_name, blob_name, blob_idx));
  split_layer_param->set_type("Split");
  for (int k = 0; k < split_count; ++k) {
    split_layer_param->add_top(SplitBlobName(layer_name, blob_name, blob_idx, k));
    if (loss_weight) {
      split_layer_param->add_loss_weight(k == 0 ? loss_weight : 0.0f);
    }
  }
}

string SplitLayerName(const string& layer_name, const string& blob_name, const int blob_idx) {
  ostringstream name;
  name << blob_name << "_" << layer_name << "_" << blob_idx << "_split";
  return name.str();
}

string SplitBlobName(const string& layer_name, const string& blob_name, const int blob_idx,
                     const int split_idx) {
  ostringstream name;
  name << blob_name << "_" << layer_name << "_" << blob_idx << "_split_" << split_idx;
  return name.str();
}

}  // namespace caffe
