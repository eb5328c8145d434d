// Net: builds the layer graph from a NetParameter and runs it (see net.hpp).
#include "caffe/net.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "caffe/layer_factory.hpp"
#include "caffe/util/insert_splits.hpp"
#include "caffe/util/io.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

namespace {

// Nets written with the legacy top-level `input` fields get an equivalent Input
// layer in front, so the rest of Init only deals with layers.
void ConvertLegacyInputs(const NetParameter& in_param, NetParameter* out_param) {
  out_param->CopyFrom(in_param);
  if (in_param.input_size() == 0) return;
  const bool has_shape = in_param.input_shape_size() > 0;
  const bool has_dim = in_param.input_dim_size() > 0;
  CHECK(has_shape || has_dim) << "Net inputs need input_shape or input_dim.";
  if (has_shape) {
    CHECK(in_param.input_shape_size() == 1 ||
          in_param.input_shape_size() == in_param.input_size())
        << "input_shape must be given once, or once per input.";
  } else {
    CHECK_EQ(in_param.input_dim_size(), 4 * in_param.input_size())
        << "input_dim must list 4 dimensions per input.";
  }
  out_param->clear_layer();
  out_param->clear_input();
  out_param->clear_input_shape();
  out_param->clear_input_dim();
  LayerParameter* input_layer = out_param->add_layer();
  input_layer->set_name("input");
  input_layer->set_type("Input");
  InputParameter* input_param = input_layer->mutable_input_param();
  for (int i = 0; i < in_param.input_size(); ++i) {
    input_layer->add_top(in_param.input(i));
    BlobShape* shape = input_param->add_shape();
    if (has_shape) {
      shape->CopyFrom(in_param.input_shape(in_param.input_shape_size() == 1 ? 0 : i));
    } else {
      for (int d = 0; d < 4; ++d) shape->add_dim(in_param.input_dim(4 * i + d));
    }
  }
  for (int i = 0; i < in_param.layer_size(); ++i) {
    out_param->add_layer()->CopyFrom(in_param.layer(i));
  }
}

}  // namespace

template <typename Dtype>
Net<Dtype>::Net(const NetParameter& param) {
  Init(param);
}

template <typename Dtype>
Net<Dtype>::Net(const string& param_file, Phase phase, const int level,
                const vector<string>* stages) {
  NetParameter param;
  ReadNetParamsFromTextFileOrDie(param_file, &param);
  NetState* state = param.mutable_state();
  state->set_phase(phase);
  if (stages != NULL) {
    state->clear_stage();
    for (size_t i = 0; i < stages->size(); ++i) state->add_stage((*stages)[i]);
  }
  state->set_level(level);
  Init(param);
}

template <typename Dtype>
void Net<Dtype>::Init(const NetParameter& in_param) {
  phase_ = in_param.state().phase();
  // Keep only the layers meant for this state, then split shared tops.
  NetParameter converted_param;
  ConvertLegacyInputs(in_param, &converted_param);
  NetParameter filtered_param;
  FilterNet(converted_param, &filtered_param);
  LOG(INFO) << "Initializing net from parameters: " << std::endl
            << filtered_param.DebugString();
  NetParameter param;
  InsertSplits(filtered_param, &param);

  name_ = param.name();
  map<string, int> blob_name_to_idx;
  set<string> available_blobs;
  memory_used_ = 0;
  const int num_layers = param.layer_size();
  bottom_vecs_.resize(num_layers);
  top_vecs_.resize(num_layers);
  bottom_id_vecs_.resize(num_layers);
  param_id_vecs_.resize(num_layers);
  top_id_vecs_.resize(num_layers);
  bottom_need_backward_.resize(num_layers);

  for (int layer_id = 0; layer_id < num_layers; ++layer_id) {
    // Layers inherit the net's phase unless they state their own.
    if (!param.layer(layer_id).has_phase()) {
      param.mutable_layer(layer_id)->set_phase(phase_);
    }
    const LayerParameter& layer_param = param.layer(layer_id);
    if (layer_param.propagate_down_size() > 0) {
      CHECK_EQ(layer_param.propagate_down_size(), layer_param.bottom_size())
          << "propagate_down param must be specified either 0 or bottom_size times";
    }
    layers_.push_back(LayerRegistry<Dtype>::CreateLayer(layer_param));
    layer_names_.push_back(layer_param.name());
    LOG(INFO) << "Creating Layer " << layer_param.name();
    bool need_backward = false;

    for (int bottom_id = 0; bottom_id < layer_param.bottom_size(); ++bottom_id) {
      const int blob_id =
          AppendBottom(param, layer_id, bottom_id, &available_blobs, &blob_name_to_idx);
      // A layer needs backward when any of its inputs does.
      need_backward |= blob_need_backward_[blob_id];
    }
    int num_top = layer_param.top_size();
    for (int top_id = 0; top_id < num_top; ++top_id) {
      AppendTop(param, layer_id, top_id, &available_blobs, &blob_name_to_idx);
      if (layer_param.type() == "Input") {
        const int blob_id = static_cast<int>(blobs_.size()) - 1;
        net_input_blob_indices_.push_back(blob_id);
        net_input_blobs_.push_back(blobs_[blob_id].get());
      }
    }
    // Layers that want more tops than were named get anonymous ones.
    Layer<Dtype>* layer = layers_[layer_id].get();
    if (layer->AutoTopBlobs()) {
      const int needed_num_top = std::max(layer->MinTopBlobs(), layer->ExactNumTopBlobs());
      for (; num_top < needed_num_top; ++num_top) {
        // No blob_name_to_idx: the anonymous top is never looked up by name.
        AppendTop(param, layer_id, num_top, NULL, NULL);
      }
    }

    layers_[layer_id]->SetUp(bottom_vecs_[layer_id], top_vecs_[layer_id]);
    LOG(INFO) << "Setting up " << layer_names_[layer_id];
    for (int top_id = 0; top_id < static_cast<int>(top_vecs_[layer_id].size()); ++top_id) {
      const int blob_id = top_id_vecs_[layer_id][top_id];
      if (static_cast<int>(blob_loss_weights_.size()) <= blob_id) {
        blob_loss_weights_.resize(blob_id + 1, Dtype(0));
      }
      blob_loss_weights_[blob_id] = layer->loss(top_id);
      LOG(INFO) << "Top shape: " << top_vecs_[layer_id][top_id]->shape_string();
      if (layer->loss(top_id)) {
        LOG(INFO) << "    with loss weight " << layer->loss(top_id);
      }
      memory_used_ += top_vecs_[layer_id][top_id]->count();
    }
    LOG(INFO) << "Memory required for data: " << memory_used_ * sizeof(Dtype);

    const int param_size = layer_param.param_size();
    const int num_param_blobs = static_cast<int>(layers_[layer_id]->blobs().size());
    CHECK_LE(param_size, num_param_blobs)
        << "Too many params specified for layer " << layer_param.name();
    ParamSpec default_param_spec;
    for (int param_id = 0; param_id < num_param_blobs; ++param_id) {
      const ParamSpec* param_spec =
          (param_id < param_size) ? &layer_param.param(param_id) : &default_param_spec;
      // A parameter with a zero learning rate is never updated: no gradient needed.
      const bool param_need_backward = param_spec->lr_mult() != 0;
      need_backward |= param_need_backward;
      layers_[layer_id]->set_param_propagate_down(param_id, param_need_backward);
    }
    for (int param_id = 0; param_id < num_param_blobs; ++param_id) {
      AppendParam(param, layer_id, param_id);
    }
    layer_need_backward_.push_back(need_backward);
    if (need_backward) {
      for (size_t top_id = 0; top_id < top_id_vecs_[layer_id].size(); ++top_id) {
        blob_need_backward_[top_id_vecs_[layer_id][top_id]] = true;
      }
    }
  }

  // Walk back from the losses: a layer none of whose tops reaches a loss, or whose
  // tops all skip back-propagation, needs no backward pass.
  set<string> blobs_under_loss;
  set<string> blobs_skip_backp;
  for (int layer_id = num_layers - 1; layer_id >= 0; --layer_id) {
    bool layer_contributes_loss = false;
    bool layer_skip_propagate_down = true;
    for (size_t top_id = 0; top_id < top_vecs_[layer_id].size(); ++top_id) {
      const string& blob_name = blob_names_[top_id_vecs_[layer_id][top_id]];
      if (layers_[layer_id]->loss(top_id) ||
          blobs_under_loss.find(blob_name) != blobs_under_loss.end()) {
        layer_contributes_loss = true;
      }
      if (blobs_skip_backp.find(blob_name) == blobs_skip_backp.end()) {
        layer_skip_propagate_down = false;
      }
      if (layer_contributes_loss && !layer_skip_propagate_down) break;
    }
    // Nothing flows back into this layer's tops: skip it.
    if (layer_need_backward_[layer_id] && layer_skip_propagate_down) {
      layer_need_backward_[layer_id] = false;
      for (size_t bottom_id = 0; bottom_id < bottom_vecs_[layer_id].size(); ++bottom_id) {
        bottom_need_backward_[layer_id][bottom_id] = false;
      }
    }
    if (!layer_contributes_loss) layer_need_backward_[layer_id] = false;
    if (layer_need_backward_[layer_id]) {
      LOG(INFO) << layer_names_[layer_id] << " needs backward computation.";
    } else {
      LOG(INFO) << layer_names_[layer_id] << " does not need backward computation.";
    }
    for (size_t bottom_id = 0; bottom_id < bottom_vecs_[layer_id].size(); ++bottom_id) {
      const string& blob_name = blob_names_[bottom_id_vecs_[layer_id][bottom_id]];
      if (layer_contributes_loss) {
        blobs_under_loss.insert(blob_name);
      } else {
        bottom_need_backward_[layer_id][bottom_id] = false;
      }
      if (!bottom_need_backward_[layer_id][bottom_id]) {
        blobs_skip_backp.insert(blob_name);
      }
    }
  }

  // force_backward: every layer computes every gradient it is allowed to.
  if (param.force_backward()) {
    for (int layer_id = 0; layer_id < num_layers; ++layer_id) {
      layer_need_backward_[layer_id] = true;
      for (size_t bottom_id = 0; bottom_id < bottom_need_backward_[layer_id].size();
           ++bottom_id) {
        bottom_need_backward_[layer_id][bottom_id] =
            bottom_need_backward_[layer_id][bottom_id] ||
            layers_[layer_id]->AllowForceBackward(bottom_id);
        const int blob_id = bottom_id_vecs_[layer_id][bottom_id];
        blob_need_backward_[blob_id] =
            blob_need_backward_[blob_id] || bottom_need_backward_[layer_id][bottom_id];
      }
      for (size_t param_id = 0; param_id < layers_[layer_id]->blobs().size(); ++param_id) {
        layers_[layer_id]->set_param_propagate_down(param_id, true);
      }
    }
  }

  // Whatever is still available was consumed by no layer: it is a net output.
  // (std::set iterates in name order, so the outputs are sorted by name.)
  for (set<string>::const_iterator it = available_blobs.begin();
       it != available_blobs.end(); ++it) {
    LOG(INFO) << "This network produces output " << *it;
    const int blob_id = blob_name_to_idx[*it];
    net_output_blobs_.push_back(blobs_[blob_id].get());
    net_output_blob_indices_.push_back(blob_id);
  }
  for (size_t blob_id = 0; blob_id < blob_names_.size(); ++blob_id) {
    blob_names_index_[blob_names_[blob_id]] = blob_id;
  }
  for (size_t layer_id = 0; layer_id < layer_names_.size(); ++layer_id) {
    layer_names_index_[layer_names_[layer_id]] = layer_id;
  }
  ShareWeights();
  debug_info_ = param.debug_info();
  LOG(INFO) << "Network initialization done.";
}

template <typename Dtype>
void Net<Dtype>::FilterNet(const NetParameter& param, NetParameter* param_filtered) {
  const NetState& net_state = param.state();
  param_filtered->CopyFrom(param);
  param_filtered->clear_layer();
  for (int i = 0; i < param.layer_size(); ++i) {
    const LayerParameter& layer_param = param.layer(i);
    const string& layer_name = layer_param.name();
    CHECK(layer_param.include_size() == 0 || layer_param.exclude_size() == 0)
        << "Specify either include rules or exclude rules; not both.";
    // Without include rules a layer is in unless an exclude rule matches; with
    // include rules it is out unless one of them matches.
    bool layer_included = (layer_param.include_size() == 0);
    for (int j = 0; layer_included && j < layer_param.exclude_size(); ++j) {
      if (StateMeetsRule(net_state, layer_param.exclude(j), layer_name)) {
        layer_included = false;
      }
    }
    for (int j = 0; !layer_included && j < layer_param.include_size(); ++j) {
      if (StateMeetsRule(net_state, layer_param.include(j), layer_name)) {
        layer_included = true;
      }
    }
    if (layer_included) param_filtered->add_layer()->CopyFrom(layer_param);
  }
}

template <typename Dtype>
bool Net<Dtype>::StateMeetsRule(const NetState& state, const NetStateRule& rule,
                                const string& layer_name) {
  if (rule.has_phase() && rule.phase() != state.phase()) {
    LOG(INFO) << "The NetState phase (" << state.phase()
              << ") differed from the phase (" << rule.phase()
              << ") specified by a rule in layer " << layer_name;
    return false;
  }
  if (rule.has_min_level() && state.level() < rule.min_level()) {
    LOG(INFO) << "The NetState level (" << state.level()
              << ") is below the min_level (" << rule.min_level()
              << ") specified by a rule in layer " << layer_name;
    return false;
  }
  if (rule.has_max_level() && state.level() > rule.max_level()) {
    LOG(INFO) << "The NetState level (" << state.level()
              << ") is above the max_level (" << rule.max_level()
              << ") specified by a rule in layer " << layer_name;
    return false;
  }
  for (int i = 0; i < rule.stage_size(); ++i) {
    bool has_stage = false;
    for (int j = 0; !has_stage && j < state.stage_size(); ++j) {
      if (rule.stage(i) == state.stage(j)) has_stage = true;
    }
    if (!has_stage) {
      LOG(INFO) << "The NetState did not contain stage '" << rule.stage(i)
                << "' specified by a rule in layer " << layer_name;
      return false;
    }
  }
  for (int i = 0; i < rule.not_stage_size(); ++i) {
    bool has_stage = false;
    for (int j = 0; !has_stage && j < state.stage_size(); ++j) {
      if (rule.not_stage(i) == state.stage(j)) has_stage = true;
    }
    if (has_stage) {
      LOG(INFO) << "The NetState contained a not_stage '" << rule.not_stage(i)
                << "' specified by a rule in layer " << layer_name;
      return false;
    }
  }
  return true;
}

template <typename Dtype>
void Net<Dtype>::AppendTop(const NetParameter& param, const int layer_id, const int top_id,
                           set<string>* available_blobs, map<string, int>* blob_name_to_idx) {
  const LayerParameter& layer_param = param.layer(layer_id);
  const string blob_name =
      (layer_param.top_size() > top_id) ? layer_param.top(top_id) : "(automatic)";
  if (blob_name_to_idx && layer_param.bottom_size() > top_id &&
      blob_name == layer_param.bottom(top_id)) {
    // In-place: the top is the bottom blob of the same index.
    LOG(INFO) << layer_param.name() << " -> " << blob_name << " (in-place)";
    const int blob_id = (*blob_name_to_idx)[blob_name];
    top_vecs_[layer_id].push_back(blobs_[blob_id].get());
    top_id_vecs_[layer_id].push_back(blob_id);
  } else if (blob_name_to_idx &&
             blob_name_to_idx->find(blob_name) != blob_name_to_idx->end()) {
    LOG(FATAL) << "Top blob '" << blob_name << "' produced by multiple sources.";
  } else {
    LOG(INFO) << layer_param.name() << " -> " << blob_name;
    shared_ptr<Blob<Dtype> > blob_pointer(new Blob<Dtype>());
    const int blob_id = static_cast<int>(blobs_.size());
    blobs_.push_back(blob_pointer);
    blob_names_.push_back(blob_name);
    blob_need_backward_.push_back(false);
    if (blob_name_to_idx) (*blob_name_to_idx)[blob_name] = blob_id;
    top_id_vecs_[layer_id].push_back(blob_id);
    top_vecs_[layer_id].push_back(blob_pointer.get());
  }
  if (available_blobs) available_blobs->insert(blob_name);
}

template <typename Dtype>
int Net<Dtype>::AppendBottom(const NetParameter& param, const int layer_id,
                             const int bottom_id, set<string>* available_blobs,
                             map<string, int>* blob_name_to_idx) {
  const LayerParameter& layer_param = param.layer(layer_id);
  const string& blob_name = layer_param.bottom(bottom_id);
  if (available_blobs->find(blob_name) == available_blobs->end()) {
    LOG(FATAL) << "Unknown bottom blob '" << blob_name << "' (layer '" << layer_param.name()
               << "', bottom index " << bottom_id << ")";
  }
  const int blob_id = (*blob_name_to_idx)[blob_name];
  LOG(INFO) << layer_names_[layer_id] << " <- " << blob_name;
  bottom_vecs_[layer_id].push_back(blobs_[blob_id].get());
  bottom_id_vecs_[layer_id].push_back(blob_id);
  // Once consumed, a blob is no longer a candidate net output.
  available_blobs->erase(blob_name);
  bool need_backward = blob_need_backward_[blob_id];
  // An explicit propagate_down overrides what the graph implies.
  if (layer_param.propagate_down_size() > 0) {
    need_backward = layer_param.propagate_down(bottom_id);
  }
  bottom_need_backward_[layer_id].push_back(need_backward);
  return blob_id;
}

template <typename Dtype>
void Net<Dtype>::AppendParam(const NetParameter& param, const int layer_id,
                             const int param_id) {
  const LayerParameter& layer_param = layers_[layer_id]->layer_param();
  const int param_size = layer_param.param_size();
  const string param_name = (param_size > param_id) ? layer_param.param(param_id).name() : "";
  if (!param_name.empty()) {
    param_display_names_.push_back(param_name);
  } else {
    ostringstream display_name;
    display_name << param_id;
    param_display_names_.push_back(display_name.str());
  }
  const int net_param_id = static_cast<int>(params_.size());
  params_.push_back(layers_[layer_id]->blobs()[param_id]);
  param_id_vecs_[layer_id].push_back(net_param_id);
  param_layer_indices_.push_back(make_pair(layer_id, param_id));
  ParamSpec default_param_spec;
  const ParamSpec* param_spec =
      (param_size > param_id) ? &layer_param.param(param_id) : &default_param_spec;
  if (param_name.empty() || param_names_index_.find(param_name) == param_names_index_.end()) {
    // This layer owns the parameter: it becomes a learnable parameter of its own.
    param_owners_.push_back(-1);
    if (!param_name.empty()) param_names_index_[param_name] = net_param_id;
    const int learnable_param_id = static_cast<int>(learnable_params_.size());
    learnable_params_.push_back(params_[net_param_id].get());
    learnable_param_ids_.push_back(learnable_param_id);
    has_params_lr_.push_back(param_spec->has_lr_mult());
    has_params_decay_.push_back(param_spec->has_decay_mult());
    params_lr_.push_back(param_spec->lr_mult());
    params_weight_decay_.push_back(param_spec->decay_mult());
  } else {
    // A parameter of this name exists already: share its storage.
    const int owner_net_param_id = param_names_index_[param_name];
    param_owners_.push_back(owner_net_param_id);
    const pair<int, int>& owner_index = param_layer_indices_[owner_net_param_id];
    const int owner_layer_id = owner_index.first;
    const int owner_param_id = owner_index.second;
    LOG(INFO) << "Sharing parameters '" << param_name << "' owned by layer '"
              << layer_names_[owner_layer_id] << "', param index " << owner_param_id;
    Blob<Dtype>* this_blob = layers_[layer_id]->blobs()[param_id].get();
    Blob<Dtype>* owner_blob = layers_[owner_layer_id]->blobs()[owner_param_id].get();
    if (param_size > param_id &&
        layer_param.param(param_id).share_mode() == ParamSpec_DimCheckMode_PERMISSIVE) {
      CHECK_EQ(this_blob->count(), owner_blob->count())
          << "Cannot share param '" << param_name << "' owned by layer '"
          << layer_names_[owner_layer_id] << "' with layer '" << layer_names_[layer_id]
          << "'; count mismatch.  Owner layer param shape is " << owner_blob->shape_string()
          << "; sharing layer shape is " << this_blob->shape_string();
    } else {
      CHECK(this_blob->shape() == owner_blob->shape())
          << "Cannot share param '" << param_name << "' owned by layer '"
          << layer_names_[owner_layer_id] << "' with layer '" << layer_names_[layer_id]
          << "'; shape mismatch.  Owner layer param shape is " << owner_blob->shape_string()
          << "; sharing layer expects shape " << this_blob->shape_string();
    }
    const int learnable_param_id = learnable_param_ids_[owner_net_param_id];
    learnable_param_ids_.push_back(learnable_param_id);
    if (param_spec->has_lr_mult()) {
      if (has_params_lr_[learnable_param_id]) {
        CHECK_EQ(param_spec->lr_mult(), params_lr_[learnable_param_id])
            << "Shared param '" << param_name << "' has mismatched lr_mult.";
      } else {
        has_params_lr_[learnable_param_id] = true;
        params_lr_[learnable_param_id] = param_spec->lr_mult();
      }
    }
    if (param_spec->has_decay_mult()) {
      if (has_params_decay_[learnable_param_id]) {
        CHECK_EQ(param_spec->decay_mult(), params_weight_decay_[learnable_param_id])
            << "Shared param '" << param_name << "' has mismatched decay_mult.";
      } else {
        has_params_decay_[learnable_param_id] = true;
        params_weight_decay_[learnable_param_id] = param_spec->decay_mult();
      }
    }
  }
}

template <typename Dtype>
Dtype Net<Dtype>::ForwardFromTo(int start, int end) {
  CHECK_GE(start, 0);
  CHECK_LT(end, static_cast<int>(layers_.size()));
  Dtype loss = 0;
  for (int i = start; i <= end; ++i) {
    for (size_t c = 0; c < before_forward_.size(); ++c) before_forward_[c]->run(i);
    const Dtype layer_loss = layers_[i]->Forward(bottom_vecs_[i], top_vecs_[i]);
    loss += layer_loss;
    if (debug_info_) ForwardDebugInfo(i);
    for (size_t c = 0; c < after_forward_.size(); ++c) after_forward_[c]->run(i);
  }
  return loss;
}

template <typename Dtype>
Dtype Net<Dtype>::ForwardFrom(int start) {
  return ForwardFromTo(start, static_cast<int>(layers_.size()) - 1);
}

template <typename Dtype>
Dtype Net<Dtype>::ForwardTo(int end) {
  return ForwardFromTo(0, end);
}

template <typename Dtype>
const vector<Blob<Dtype>*>& Net<Dtype>::Forward(Dtype* loss) {
  const Dtype total_loss = ForwardFromTo(0, static_cast<int>(layers_.size()) - 1);
  if (loss != NULL) *loss = total_loss;
  return net_output_blobs_;
}

template <typename Dtype>
const vector<Blob<Dtype>*>& Net<Dtype>::Forward(const vector<Blob<Dtype>*>& bottom,
                                                Dtype* loss) {
  CHECK_EQ(bottom.size(), net_input_blobs_.size())
      << "Forward given " << bottom.size() << " inputs; the net has "
      << net_input_blobs_.size();
  for (size_t i = 0; i < bottom.size(); ++i) {
    net_input_blobs_[i]->CopyFrom(*bottom[i]);
  }
  return Forward(loss);
}

template <typename Dtype>
void Net<Dtype>::BackwardFromTo(int start, int end) {
  CHECK_GE(end, 0);
  CHECK_LT(start, static_cast<int>(layers_.size()));
  for (int i = start; i >= end; --i) {
    for (size_t c = 0; c < before_backward_.size(); ++c) before_backward_[c]->run(i);
    if (layer_need_backward_[i]) {
      layers_[i]->Backward(top_vecs_[i], bottom_need_backward_[i], bottom_vecs_[i]);
      if (debug_info_) BackwardDebugInfo(i);
    }
    for (size_t c = 0; c < after_backward_.size(); ++c) after_backward_[c]->run(i);
  }
}

template <typename Dtype>
void Net<Dtype>::BackwardFrom(int start) {
  BackwardFromTo(start, 0);
}

template <typename Dtype>
void Net<Dtype>::BackwardTo(int end) {
  BackwardFromTo(static_cast<int>(layers_.size()) - 1, end);
}

template <typename Dtype>
void Net<Dtype>::Backward() {
  BackwardFromTo(static_cast<int>(layers_.size()) - 1, 0);
  if (debug_info_) {
    Dtype asum_data = 0, asum_diff = 0, sumsq_data = 0, sumsq_diff = 0;
    for (size_t i = 0; i < learnable_params_.size(); ++i) {
      asum_data += learnable_params_[i]->asum_data();
      asum_diff += learnable_params_[i]->asum_diff();
      sumsq_data += learnable_params_[i]->sumsq_data();
      sumsq_diff += learnable_params_[i]->sumsq_diff();
    }
    const Dtype l2norm_data = std::sqrt(sumsq_data);
    const Dtype l2norm_diff = std::sqrt(sumsq_diff);
    LOG(INFO) << "    [Backward] All net params (data, diff): "
              << "L1 norm = (" << asum_data << ", " << asum_diff << "); "
              << "L2 norm = (" << l2norm_data << ", " << l2norm_diff << ")";
  }
}

template <typename Dtype>
void Net<Dtype>::ForwardDebugInfo(const int layer_id) {
  for (size_t top_id = 0; top_id < top_vecs_[layer_id].size(); ++top_id) {
    const Blob<Dtype>& blob = *top_vecs_[layer_id][top_id];
    const string& blob_name = blob_names_[top_id_vecs_[layer_id][top_id]];
    const Dtype data_abs_val_mean = blob.count() ? blob.asum_data() / blob.count() : Dtype(0);
    LOG(INFO) << "    [Forward] Layer " << layer_names_[layer_id] << ", top blob "
              << blob_name << " data: " << data_abs_val_mean;
  }
  for (size_t param_id = 0; param_id < layers_[layer_id]->blobs().size(); ++param_id) {
    const Blob<Dtype>& blob = *layers_[layer_id]->blobs()[param_id];
    const int net_param_id = param_id_vecs_[layer_id][param_id];
    const Dtype data_abs_val_mean = blob.count() ? blob.asum_data() / blob.count() : Dtype(0);
    LOG(INFO) << "    [Forward] Layer " << layer_names_[layer_id] << ", param blob "
              << param_display_names_[net_param_id] << " data: " << data_abs_val_mean;
  }
}

template <typename Dtype>
void Net<Dtype>::BackwardDebugInfo(const int layer_id) {
  const vector<Blob<Dtype>*>& bottom_vec = bottom_vecs_[layer_id];
  for (size_t bottom_id = 0; bottom_id < bottom_vec.size(); ++bottom_id) {
    if (!bottom_need_backward_[layer_id][bottom_id]) continue;
    const Blob<Dtype>& blob = *bottom_vec[bottom_id];
    const string& blob_name = blob_names_[bottom_id_vecs_[layer_id][bottom_id]];
    const Dtype diff_abs_val_mean = blob.count() ? blob.asum_diff() / blob.count() : Dtype(0);
    LOG(INFO) << "    [Backward] Layer " << layer_names_[layer_id] << ", bottom blob "
              << blob_name << " diff: " << diff_abs_val_mean;
  }
  for (size_t param_id = 0; param_id < layers_[layer_id]->blobs().size(); ++param_id) {
    if (!layers_[layer_id]->param_propagate_down(param_id)) continue;
    const Blob<Dtype>& blob = *layers_[layer_id]->blobs()[param_id];
    const Dtype diff_abs_val_mean = blob.count() ? blob.asum_diff() / blob.count() : Dtype(0);
    LOG(INFO) << "    [Backward] Layer " << layer_names_[layer_id] << ", param blob "
              << param_id << " diff: " << diff_abs_val_mean;
  }
}

template <typename Dtype>
void Net<Dtype>::UpdateDebugInfo(const int param_id) {
  const Blob<Dtype>& blob = *params_[param_id];
  const int param_owner = param_owners_[param_id];
  const string& layer_name = layer_names_[param_layer_indices_[param_id].first];
  const string& param_display_name = param_display_names_[param_id];
  const Dtype diff_abs_val_mean = blob.count() ? blob.asum_diff() / blob.count() : Dtype(0);
  if (param_owner < 0) {
    const Dtype data_abs_val_mean = blob.count() ? blob.asum_data() / blob.count() : Dtype(0);
    LOG(INFO) << "    [Update] Layer " << layer_name << ", param " << param_display_name
              << " data: " << data_abs_val_mean << "; diff: " << diff_abs_val_mean;
  } else {
    const string& owner_layer_name = layer_names_[param_layer_indices_[param_owner].first];
    LOG(INFO) << "    [Update] Layer " << layer_name << ", param blob " << param_display_name
              << " (owned by layer " << owner_layer_name << ", param "
              << param_display_names_[param_owner] << ")"
              << " diff: " << diff_abs_val_mean;
  }
}

template <typename Dtype>
void Net<Dtype>::Reshape() {
  for (size_t i = 0; i < layers_.size(); ++i) {
    layers_[i]->Reshape(bottom_vecs_[i], top_vecs_[i]);
  }
}

template <typename Dtype>
void Net<Dtype>::ClearParamDiffs() {
  for (size_t i = 0; i < learnable_params_.size(); ++i) {
    Blob<Dtype>* blob = learnable_params_[i];
    caffe_set(blob->count(), static_cast<Dtype>(0), blob->mutable_cpu_diff());
  }
}

template <typename Dtype>
void Net<Dtype>::Update() {
  for (size_t i = 0; i < learnable_params_.size(); ++i) {
    learnable_params_[i]->Update();
  }
  if (debug_info_) {
    for (size_t i = 0; i < params_.size(); ++i) UpdateDebugInfo(i);
  }
}

template <typename Dtype>
void Net<Dtype>::ShareWeights() {
  for (size_t i = 0; i < params_.size(); ++i) {
    if (param_owners_[i] < 0) continue;
    params_[i]->ShareData(*params_[param_owners_[i]]);
    params_[i]->ShareDiff(*params_[param_owners_[i]]);
  }
}

template <typename Dtype>
void Net<Dtype>::ShareTrainedLayersWith(const Net* other) {
  const int num_source_layers = static_cast<int>(other->layers().size());
  for (int i = 0; i < num_source_layers; ++i) {
    Layer<Dtype>* source_layer = other->layers()[i].get();
    const string& source_layer_name = other->layer_names()[i];
    map<string, int>::const_iterator target = layer_names_index_.find(source_layer_name);
    if (target == layer_names_index_.end()) {
      LOG(INFO) << "Ignoring source layer " << source_layer_name;
      continue;
    }
    const int target_layer_id = target->second;
    vector<shared_ptr<Blob<Dtype> > >& target_blobs = layers_[target_layer_id]->blobs();
    CHECK_EQ(target_blobs.size(), source_layer->blobs().size())
        << "Incompatible number of blobs for layer " << source_layer_name;
    for (size_t j = 0; j < target_blobs.size(); ++j) {
      Blob<Dtype>* source_blob = source_layer->blobs()[j].get();
      CHECK(target_blobs[j]->shape() == source_blob->shape())
          << "Cannot share param " << j << " weights from layer '" << source_layer_name
          << "'; shape mismatch.  Source param shape is " << source_blob->shape_string()
          << "; target param shape is " << target_blobs[j]->shape_string();
      target_blobs[j]->ShareData(*source_blob);
    }
  }
}

template <typename Dtype>
void Net<Dtype>::CopyTrainedLayersFrom(const NetParameter& param) {
  const int num_source_layers = param.layer_size();
  for (int i = 0; i < num_source_layers; ++i) {
    const LayerParameter& source_layer = param.layer(i);
    const string& source_layer_name = source_layer.name();
    map<string, int>::const_iterator target = layer_names_index_.find(source_layer_name);
    if (target == layer_names_index_.end()) {
      LOG(INFO) << "Ignoring source layer " << source_layer_name;
      continue;
    }
    const int target_layer_id = target->second;
    vector<shared_ptr<Blob<Dtype> > >& target_blobs = layers_[target_layer_id]->blobs();
    CHECK_EQ(target_blobs.size(), static_cast<size_t>(source_layer.blobs_size()))
        << "Incompatible number of blobs for layer " << source_layer_name;
    for (size_t j = 0; j < target_blobs.size(); ++j) {
      if (!target_blobs[j]->ShapeEquals(source_layer.blobs(j))) {
        Blob<Dtype> source_blob;
        source_blob.FromProto(source_layer.blobs(j), true);
        LOG(FATAL) << "Cannot copy param " << j << " weights from layer '"
                   << source_layer_name << "'; shape mismatch.  Source param shape is "
                   << source_blob.shape_string() << "; target param shape is "
                   << target_blobs[j]->shape_string() << ". "
                   << "To learn this layer's parameters from scratch rather than "
                   << "copying from a saved net, rename the layer.";
      }
      target_blobs[j]->FromProto(source_layer.blobs(j), false);
    }
  }
}

template <typename Dtype>
void Net<Dtype>::CopyTrainedLayersFrom(const string& trained_filename) {
  CopyTrainedLayersFromBinaryProto(trained_filename);
}

template <typename Dtype>
void Net<Dtype>::CopyTrainedLayersFromBinaryProto(const string& trained_filename) {
  NetParameter param;
  ReadNetParamsFromBinaryFileOrDie(trained_filename, &param);
  CopyTrainedLayersFrom(param);
}

template <typename Dtype>
void Net<Dtype>::ToProto(NetParameter* param, bool write_diff) const {
  param->Clear();
  param->set_name(name_);
  for (size_t i = 0; i < layers_.size(); ++i) {
    LayerParameter* layer_param = param->add_layer();
    layers_[i]->ToProto(layer_param, write_diff);
  }
}

template <typename Dtype>
bool Net<Dtype>::has_blob(const string& blob_name) const {
  return blob_names_index_.find(blob_name) != blob_names_index_.end();
}

template <typename Dtype>
const shared_ptr<Blob<Dtype> > Net<Dtype>::blob_by_name(const string& blob_name) const {
  shared_ptr<Blob<Dtype> > blob_ptr;
  map<string, int>::const_iterator it = blob_names_index_.find(blob_name);
  if (it != blob_names_index_.end()) {
    blob_ptr = blobs_[it->second];
  } else {
    LOG(WARNING) << "Unknown blob name " << blob_name;
  }
  return blob_ptr;
}

template <typename Dtype>
bool Net<Dtype>::has_layer(const string& layer_name) const {
  return layer_names_index_.find(layer_name) != layer_names_index_.end();
}

template <typename Dtype>
const shared_ptr<Layer<Dtype> > Net<Dtype>::layer_by_name(const string& layer_name) const {
  shared_ptr<Layer<Dtype> > layer_ptr;
  map<string, int>::const_iterator it = layer_names_index_.find(layer_name);
  if (it != layer_names_index_.end()) {
    layer_ptr = layers_[it->second];
  } else {
    LOG(WARNING) << "Unknown layer name " << layer_name;
  }
  return layer_ptr;
}

INSTANTIATE_CLASS(Net);

}  // namespace caffe
