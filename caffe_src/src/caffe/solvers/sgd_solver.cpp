// SGDSolver: momentum SGD with weight decay and learning rate schedules.
#include <cmath>
#include <string>
#include <vector>

#include "caffe/sgd_solvers.hpp"
#include "caffe/util/io.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

// The learning rate for iteration iter_, where base_lr is scaled by lr_policy:
//   fixed:     base_lr
//   step:      base_lr * gamma ^ floor(iter / stepsize)
//   exp:       base_lr * gamma ^ iter
//   inv:       base_lr * (1 + gamma * iter) ^ (-power)
//   multistep: like step, with the steps at the listed stepvalue iterations
//   poly:      base_lr * (1 - iter / max_iter) ^ power
//   sigmoid:   base_lr / (1 + exp(-gamma * (iter - stepsize)))
template <typename Dtype>
Dtype SGDSolver<Dtype>::GetLearningRate() {
  Dtype rate;
  const string& lr_policy = this->param_.lr_policy();
  const Dtype base_lr = this->param_.base_lr();
  const Dtype gamma = this->param_.gamma();
  const Dtype power = this->param_.power();
  const int iter = this->iter_;
  if (lr_policy == "fixed") {
    rate = base_lr;
  } else if (lr_policy == "step") {
    CHECK_GT(this->param_.stepsize(), 0) << "lr_policy step needs a positive stepsize";
    this->current_step_ = iter / this->param_.stepsize();
    rate = base_lr * std::pow(gamma, Dtype(this->current_step_));
  } else if (lr_policy == "exp") {
    rate = base_lr * std::pow(gamma, Dtype(iter));
  } else if (lr_policy == "inv") {
    rate = base_lr * std::pow(Dtype(1) + gamma * Dtype(iter), -power);
  } else if (lr_policy == "multistep") {
    if (this->current_step_ < this->param_.stepvalue_size() &&
        iter >= this->param_.stepvalue(this->current_step_)) {
      ++this->current_step_;
      LOG(INFO) << "MultiStep Status: Iteration " << iter << ", step = "
                << this->current_step_;
    }
    rate = base_lr * std::pow(gamma, Dtype(this->current_step_));
  } else if (lr_policy == "poly") {
    rate = base_lr *
           std::pow(Dtype(1) - Dtype(iter) / Dtype(this->param_.max_iter()), power);
  } else if (lr_policy == "sigmoid") {
    rate = base_lr /
           (Dtype(1) + std::exp(-gamma * (Dtype(iter) - Dtype(this->param_.stepsize()))));
  } else {
    LOG(FATAL) << "Unknown learning rate policy: " << lr_policy;
    rate = 0;
  }
  return rate;
}

template <typename Dtype>
void SGDSolver<Dtype>::PreSolve() {
  const vector<Blob<Dtype>*>& net_params = this->net_->learnable_params();
  history_.clear();
  update_.clear();
  temp_.clear();
  for (size_t i = 0; i < net_params.size(); ++i) {
    const vector<int>& shape = net_params[i]->shape();
    history_.push_back(shared_ptr<Blob<Dtype> >(new Blob<Dtype>(shape)));
    update_.push_back(shared_ptr<Blob<Dtype> >(new Blob<Dtype>(shape)));
    temp_.push_back(shared_ptr<Blob<Dtype> >(new Blob<Dtype>(shape)));
    // The momentum starts at zero.
    caffe_set(history_[i]->count(), Dtype(0), history_[i]->mutable_cpu_data());
  }
}

template <typename Dtype>
void SGDSolver<Dtype>::ClipGradients() {
  const Dtype clip_gradients = this->param_.clip_gradients();
  if (clip_gradients < 0) return;
  const vector<Blob<Dtype>*>& net_params = this->net_->learnable_params();
  Dtype sumsq_diff = 0;
  for (size_t i = 0; i < net_params.size(); ++i) {
    sumsq_diff += net_params[i]->sumsq_diff();
  }
  const Dtype l2norm_diff = std::sqrt(sumsq_diff);
  if (l2norm_diff > clip_gradients) {
    const Dtype scale_factor = clip_gradients / l2norm_diff;
    LOG(INFO) << "Gradient clipping: scaling down gradients (L2 norm " << l2norm_diff
              << " > " << clip_gradients << ") by scale factor " << scale_factor;
    for (size_t i = 0; i < net_params.size(); ++i) {
      net_params[i]->scale_diff(scale_factor);
    }
  }
}

template <typename Dtype>
void SGDSolver<Dtype>::ApplyUpdate() {
  const Dtype rate = GetLearningRate();
  if (this->param_.display() && this->iter_ % this->param_.display() == 0) {
    LOG(INFO) << "Iteration " << this->iter_ << ", lr = " << rate;
  }
  ClipGradients();
  for (int param_id = 0; param_id < static_cast<int>(this->net_->learnable_params().size());
       ++param_id) {
    Normalize(param_id);
    Regularize(param_id);
    ComputeUpdateValue(param_id, rate);
  }
  this->net_->Update();
}

template <typename Dtype>
void SGDSolver<Dtype>::Normalize(int param_id) {
  if (this->param_.iter_size() == 1) return;
  // The gradient was summed over iter_size passes: take the mean.
  const Dtype accum_normalization = Dtype(1) / this->param_.iter_size();
  Blob<Dtype>* param = this->net_->learnable_params()[param_id];
  caffe_scal(param->count(), accum_normalization, param->mutable_cpu_diff());
}

template <typename Dtype>
void SGDSolver<Dtype>::Regularize(int param_id) {
  const vector<Blob<Dtype>*>& net_params = this->net_->learnable_params();
  const vector<float>& net_params_weight_decay = this->net_->params_weight_decay();
  const Dtype weight_decay = this->param_.weight_decay();
  const string& regularization_type = this->param_.regularization_type();
  const Dtype local_decay = weight_decay * net_params_weight_decay[param_id];
  if (!local_decay) return;
  Blob<Dtype>* param = net_params[param_id];
  if (regularization_type == "L2") {
    // d/dw (decay/2 * w^2) = decay * w
    caffe_axpy(param->count(), local_decay, param->cpu_data(), param->mutable_cpu_diff());
  } else if (regularization_type == "L1") {
    // d/dw (decay * |w|) = decay * sign(w)
    caffe_cpu_sign(param->count(), param->cpu_data(), temp_[param_id]->mutable_cpu_data());
    caffe_axpy(param->count(), local_decay, temp_[param_id]->cpu_data(),
               param->mutable_cpu_diff());
  } else {
    LOG(FATAL) << "Unknown regularization type: " << regularization_type;
  }
}

template <typename Dtype>
void SGDSolver<Dtype>::ComputeUpdateValue(int param_id, Dtype rate) {
  const vector<Blob<Dtype>*>& net_params = this->net_->learnable_params();
  const vector<float>& net_params_lr = this->net_->params_lr();
  const Dtype momentum = this->param_.momentum();
  const Dtype local_rate = rate * net_params_lr[param_id];
  Blob<Dtype>* param = net_params[param_id];
  // history = local_rate * diff + momentum * history; the step is the history.
  caffe_cpu_axpby(param->count(), local_rate, param->cpu_diff(), momentum,
                  history_[param_id]->mutable_cpu_data());
  caffe_copy(param->count(), history_[param_id]->cpu_data(), param->mutable_cpu_diff());
}

template <typename Dtype>
void SGDSolver<Dtype>::SnapshotSolverState(const string& model_filename) {
  SnapshotSolverStateToBinaryProto(model_filename);
}

template <typename Dtype>
void SGDSolver<Dtype>::SnapshotSolverStateToBinaryProto(const string& model_filename) {
  SolverState state;
  state.set_iter(this->iter_);
  state.set_learned_net(model_filename);
  state.set_current_step(this->current_step_);
  state.clear_history();
  for (size_t i = 0; i < history_.size(); ++i) {
    history_[i]->ToProto(state.add_history());
  }
  const string snapshot_filename = this->SnapshotFilename(".solverstate");
  LOG(INFO) << "Snapshotting solver state to binary proto file " << snapshot_filename;
  WriteProtoToBinaryFile(state, snapshot_filename);
}

template <typename Dtype>
void SGDSolver<Dtype>::RestoreSolverStateFromBinaryProto(const string& state_file) {
  SolverState state;
  ReadProtoFromBinaryFileOrDie(state_file, &state);
  this->iter_ = state.iter();
  if (state.has_learned_net()) {
    NetParameter net_param;
    ReadNetParamsFromBinaryFileOrDie(state.learned_net(), &net_param);
    this->net_->CopyTrainedLayersFrom(net_param);
  }
  this->current_step_ = state.current_step();
  CHECK_EQ(state.history_size(), static_cast<int>(history_.size()))
      << "Incorrect length of history blobs.";
  LOG(INFO) << "SGDSolver: restoring history";
  for (size_t i = 0; i < history_.size(); ++i) {
    history_[i]->FromProto(state.history(i));
  }
}

INSTANTIATE_CLASS(SGDSolver);
REGISTER_SOLVER_CLASS(SGD);

}  // namespace caffe
