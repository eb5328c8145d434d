// Net: a directed acyclic graph of layers built from a NetParameter. It owns the
// blobs passed between layers, runs them forward (computing the loss) and backward
// (computing gradients), and collects the learnable parameters for a solver.
#ifndef CAFFE_NET_HPP_
#define CAFFE_NET_HPP_

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "caffe/blob.hpp"
#include "caffe/common.hpp"
#include "caffe/layer.hpp"
#include "caffe/proto/caffe.pb.h"

namespace caffe {

template <typename Dtype>
class Net {
 public:
  explicit Net(const NetParameter& param);
  // Reads a text prototxt and builds the net for the given phase, level and stages.
  explicit Net(const string& param_file, Phase phase, const int level = 0,
               const vector<string>* stages = NULL);
  virtual ~Net() {}

  // Filters the layers by the net state, inserts splits, creates and sets up every
  // layer, and works out which layers and blobs need a backward pass.
  void Init(const NetParameter& param);

  // Runs every layer forward; stores the total loss in *loss when given and returns
  // the output blobs.
  const vector<Blob<Dtype>*>& Forward(Dtype* loss = NULL);
  // Same as Forward(loss): kept for older callers.
  const vector<Blob<Dtype>*>& ForwardPrefilled(Dtype* loss = NULL) { return Forward(loss); }
  // Copies bottom into the input blobs, then runs Forward.
  const vector<Blob<Dtype>*>& Forward(const vector<Blob<Dtype>*>& bottom, Dtype* loss = NULL);

  // Runs layers start..end (inclusive) forward and returns their summed loss.
  Dtype ForwardFromTo(int start, int end);
  Dtype ForwardFrom(int start);
  Dtype ForwardTo(int end);

  // Sets the diff of every learnable parameter to zero.
  void ClearParamDiffs();

  // Runs every layer that needs it backward, from the last to the first.
  void Backward();
  // Runs layers start down to end (inclusive) backward.
  void BackwardFromTo(int start, int end);
  void BackwardFrom(int start);
  void BackwardTo(int end);

  // Reshapes every layer, after an input blob changed shape.
  void Reshape();

  Dtype ForwardBackward() {
    Dtype loss;
    Forward(&loss);
    Backward();
    return loss;
  }

  // Applies the update (data -= diff) to every learnable parameter.
  void Update();
  // Makes every shared parameter use its owner's data and diff.
  void ShareWeights();

  // Makes the layers of this net that have a namesake in other use its weights
  // (no copy).
  void ShareTrainedLayersWith(const Net* other);
  // Copies the weights of the layers of param with a namesake in this net.
  void CopyTrainedLayersFrom(const NetParameter& param);
  // Same, from a binary .caffemodel file.
  void CopyTrainedLayersFrom(const string& trained_filename);
  void CopyTrainedLayersFromBinaryProto(const string& trained_filename);

  // Hooks run with a layer's index before and after it runs forward or backward (every
  // layer, whether or not it needs a backward pass). The net does not own them.
  class Callback {
   protected:
    virtual void run(int layer) = 0;
    virtual ~Callback() {}
    template <typename T>
    friend class Net;
  };
  const vector<Callback*>& before_forward() const { return before_forward_; }
  void add_before_forward(Callback* value) { before_forward_.push_back(value); }
  const vector<Callback*>& after_forward() const { return after_forward_; }
  void add_after_forward(Callback* value) { after_forward_.push_back(value); }
  const vector<Callback*>& before_backward() const { return before_backward_; }
  void add_before_backward(Callback* value) { before_backward_.push_back(value); }
  const vector<Callback*>& after_backward() const { return after_backward_; }
  void add_after_backward(Callback* value) { after_backward_.push_back(value); }

  // Writes the layers (with their weights, and the diffs when write_diff) to param.
  void ToProto(NetParameter* param, bool write_diff = false) const;

  inline const string& name() const { return name_; }
  inline const vector<string>& layer_names() const { return layer_names_; }
  inline const vector<string>& blob_names() const { return blob_names_; }
  inline const vector<shared_ptr<Blob<Dtype> > >& blobs() const { return blobs_; }
  inline const vector<shared_ptr<Layer<Dtype> > >& layers() const { return layers_; }
  inline Phase phase() const { return phase_; }
  inline const vector<vector<Blob<Dtype>*> >& bottom_vecs() const { return bottom_vecs_; }
  inline const vector<vector<Blob<Dtype>*> >& top_vecs() const { return top_vecs_; }
  inline const vector<int>& top_ids(int i) const {
    CHECK_GE(i, 0) << "Invalid layer id";
    CHECK_LT(i, static_cast<int>(top_id_vecs_.size())) << "Invalid layer id";
    return top_id_vecs_[i];
  }
  inline const vector<int>& bottom_ids(int i) const {
    CHECK_GE(i, 0) << "Invalid layer id";
    CHECK_LT(i, static_cast<int>(bottom_id_vecs_.size())) << "Invalid layer id";
    return bottom_id_vecs_[i];
  }
  inline const vector<vector<bool> >& bottom_need_backward() const {
    return bottom_need_backward_;
  }
  inline const vector<Dtype>& blob_loss_weights() const { return blob_loss_weights_; }
  inline const vector<bool>& layer_need_backward() const { return layer_need_backward_; }
  // Every parameter blob of every layer, shared ones included.
  inline const vector<shared_ptr<Blob<Dtype> > >& params() const { return params_; }
  // The parameter blobs the solver updates: one per owner (shared ones excluded).
  inline const vector<Blob<Dtype>*>& learnable_params() const { return learnable_params_; }
  inline const vector<float>& params_lr() const { return params_lr_; }
  inline const vector<bool>& has_params_lr() const { return has_params_lr_; }
  inline const vector<float>& params_weight_decay() const { return params_weight_decay_; }
  inline const vector<bool>& has_params_decay() const { return has_params_decay_; }
  inline const map<string, int>& param_names_index() const { return param_names_index_; }
  inline const vector<int>& param_owners() const { return param_owners_; }
  inline const vector<string>& param_display_names() const { return param_display_names_; }
  inline int num_inputs() const { return static_cast<int>(net_input_blobs_.size()); }
  inline int num_outputs() const { return static_cast<int>(net_output_blobs_.size()); }
  inline const vector<Blob<Dtype>*>& input_blobs() const { return net_input_blobs_; }
  inline const vector<Blob<Dtype>*>& output_blobs() const { return net_output_blobs_; }
  inline const vector<int>& input_blob_indices() const { return net_input_blob_indices_; }
  inline const vector<int>& output_blob_indices() const { return net_output_blob_indices_; }
  bool has_blob(const string& blob_name) const;
  const shared_ptr<Blob<Dtype> > blob_by_name(const string& blob_name) const;
  bool has_layer(const string& layer_name) const;
  const shared_ptr<Layer<Dtype> > layer_by_name(const string& layer_name) const;

  void set_debug_info(const bool value) { debug_info_ = value; }

  // Copies param to param_filtered, keeping only the layers whose include/exclude
  // rules admit param.state().
  static void FilterNet(const NetParameter& param, NetParameter* param_filtered);
  // Whether state satisfies every condition of rule.
  static bool StateMeetsRule(const NetState& state, const NetStateRule& rule,
                             const string& layer_name);

 protected:
  // Adds the top_id-th top of layer layer_id: a new blob, or the bottom blob of the
  // same index for an in-place layer.
  void AppendTop(const NetParameter& param, const int layer_id, const int top_id,
                 set<string>* available_blobs, map<string, int>* blob_name_to_idx);
  // Connects the bottom_id-th bottom of layer layer_id; returns the blob's index.
  int AppendBottom(const NetParameter& param, const int layer_id, const int bottom_id,
                   set<string>* available_blobs, map<string, int>* blob_name_to_idx);
  // Registers the param_id-th parameter blob of layer layer_id, sharing it when its
  // ParamSpec name was seen before.
  void AppendParam(const NetParameter& param, const int layer_id, const int param_id);

  // Logs the mean absolute value of blobs, when debug_info is on.
  void ForwardDebugInfo(const int layer_id);
  void BackwardDebugInfo(const int layer_id);
  void UpdateDebugInfo(const int param_id);

  string name_;
  Phase phase_;
  // The layers, in order, with their names.
  vector<shared_ptr<Layer<Dtype> > > layers_;
  vector<string> layer_names_;
  map<string, int> layer_names_index_;
  vector<bool> layer_need_backward_;
  // The blobs passed between layers, with their names.
  vector<shared_ptr<Blob<Dtype> > > blobs_;
  vector<string> blob_names_;
  map<string, int> blob_names_index_;
  vector<bool> blob_need_backward_;
  // Per layer: its bottom blobs, their ids in blobs_, and whether each needs a diff.
  vector<vector<Blob<Dtype>*> > bottom_vecs_;
  vector<vector<int> > bottom_id_vecs_;
  vector<vector<bool> > bottom_need_backward_;
  // Per layer: its top blobs and their ids.
  vector<vector<Blob<Dtype>*> > top_vecs_;
  vector<vector<int> > top_id_vecs_;
  // The loss weight of every blob (0 for blobs that are not losses).
  vector<Dtype> blob_loss_weights_;
  // Per layer: the ids in params_ of its parameter blobs.
  vector<vector<int> > param_id_vecs_;
  // For each param: the id of the param that owns its storage, or -1.
  vector<int> param_owners_;
  vector<string> param_display_names_;
  // For each param: (layer id, index among that layer's blobs).
  vector<pair<int, int> > param_layer_indices_;
  map<string, int> param_names_index_;
  // The net's inputs (tops of Input layers) and outputs (tops nobody consumes).
  vector<int> net_input_blob_indices_;
  vector<int> net_output_blob_indices_;
  vector<Blob<Dtype>*> net_input_blobs_;
  vector<Blob<Dtype>*> net_output_blobs_;
  vector<shared_ptr<Blob<Dtype> > > params_;
  vector<Blob<Dtype>*> learnable_params_;
  // For each param: the index of its storage in learnable_params_.
  vector<int> learnable_param_ids_;
  vector<float> params_lr_;
  vector<bool> has_params_lr_;
  vector<float> params_weight_decay_;
  vector<bool> has_params_decay_;
  // Bytes taken by the top blobs.
  size_t memory_used_;
  bool debug_info_;
  vector<Callback*> before_forward_;
  vector<Callback*> after_forward_;
  vector<Callback*> before_backward_;
  vector<Callback*> after_backward_;

  DISABLE_COPY_AND_ASSIGN(Net);
};

}  // namespace caffe

#endif  // CAFFE_NET_HPP_
