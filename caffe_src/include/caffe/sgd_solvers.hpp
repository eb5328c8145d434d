// SGDSolver: stochastic gradient descent with momentum, weight decay, gradient
// clipping and the usual learning rate schedules (lr_policy).
#ifndef CAFFE_SGD_SOLVERS_HPP_
#define CAFFE_SGD_SOLVERS_HPP_

#include <string>
#include <vector>

#include "caffe/solver.hpp"

namespace caffe {

template <typename Dtype>
class SGDSolver : public Solver<Dtype> {
 public:
  explicit SGDSolver(const SolverParameter& param) : Solver<Dtype>(param) { PreSolve(); }
  explicit SGDSolver(const string& param_file) : Solver<Dtype>(param_file) { PreSolve(); }
  virtual inline const char* type() const { return "SGD"; }

  const vector<shared_ptr<Blob<Dtype> > >& history() { return history_; }

  virtual void ApplyUpdate();
  // The learning rate of the current iteration under lr_policy.
  Dtype GetLearningRate();

 protected:
  // Allocates history_, update_ and temp_ like the learnable parameters.
  void PreSolve();
  // Divides the accumulated gradient by iter_size.
  virtual void Normalize(int param_id);
  // Adds the weight decay term (L2 or L1) to the gradient.
  virtual void Regularize(int param_id);
  // history = momentum * history + local_rate * diff; diff = history.
  virtual void ComputeUpdateValue(int param_id, Dtype rate);
  // Scales all gradients down when their global L2 norm exceeds clip_gradients.
  virtual void ClipGradients();
  virtual void SnapshotSolverState(const string& model_filename);
  virtual void SnapshotSolverStateToBinaryProto(const string& model_filename);
  virtual void RestoreSolverStateFromBinaryProto(const string& state_file);

  // history_: the momentum, saved in snapshots. update_ and temp_: scratch space.
  vector<shared_ptr<Blob<Dtype> > > history_, update_, temp_;

  DISABLE_COPY_AND_ASSIGN(SGDSolver);
};

}  // namespace caffe

#endif  // CAFFE_SGD_SOLVERS_HPP_
