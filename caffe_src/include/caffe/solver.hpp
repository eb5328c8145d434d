// Solver: drives the optimization of a train net, periodically evaluates the test
// nets, and writes / restores snapshots. Subclasses (SGDSolver, ...) supply the
// update rule through ApplyUpdate and the solver-state snapshot format.
#ifndef CAFFE_SOLVER_HPP_
#define CAFFE_SOLVER_HPP_

#include <functional>
#include <string>
#include <vector>

#include "caffe/common.hpp"
#include "caffe/net.hpp"
#include "caffe/proto/caffe.pb.h"
#include "caffe/solver_factory.hpp"

namespace caffe {

// What a client (e.g. a signal handler) may ask the solver to do between iterations.
namespace SolverAction {
enum Enum {
  NONE = 0,      // keep going
  STOP = 1,      // stop training, taking a snapshot if snapshot_after_train
  SNAPSHOT = 2   // take a snapshot and keep training
};
}

typedef std::function<SolverAction::Enum()> ActionCallback;

template <typename Dtype>
class Solver {
 public:
  explicit Solver(const SolverParameter& param);
  explicit Solver(const string& param_file);
  virtual ~Solver() {}

  void Init(const SolverParameter& param);
  void InitTrainNet();
  void InitTestNets();

  // The client may install a function queried after every iteration.
  void SetActionFunction(ActionCallback func);
  SolverAction::Enum GetRequestedAction();

  // Trains until max_iter, first restoring resume_file when given.
  virtual void Solve(const char* resume_file = NULL);
  inline void Solve(const string& resume_file) { Solve(resume_file.c_str()); }
  // Runs iters training iterations.
  void Step(int iters);
  // Restores the solver and the net from a .solverstate file.
  void Restore(const char* resume_file);
  // Writes <prefix>_iter_N.caffemodel and <prefix>_iter_N.solverstate.
  void Snapshot();

  inline const SolverParameter& param() const { return param_; }
  inline shared_ptr<Net<Dtype> > net() { return net_; }
  inline const vector<shared_ptr<Net<Dtype> > >& test_nets() { return test_nets_; }
  int iter() const { return iter_; }

  // Hooks called at the start of every iteration and once the gradients are ready.
  class Callback {
   protected:
    virtual void on_start() = 0;
    virtual void on_gradients_ready() = 0;
    virtual ~Callback() {}
    template <typename T>
    friend class Solver;
  };
  const vector<Callback*>& callbacks() const { return callbacks_; }
  void add_callback(Callback* value) { callbacks_.push_back(value); }

  void CheckSnapshotWritePermissions();

  virtual inline const char* type() const { return ""; }

  // Turns the accumulated gradients into an update and applies it to the net.
  virtual void ApplyUpdate() = 0;

 protected:
  string SnapshotFilename(const string& extension);
  string SnapshotToBinaryProto();
  // Evaluates every test net / one test net over test_iter batches.
  void TestAll();
  void Test(const int test_net_id = 0);
  virtual void SnapshotSolverState(const string& model_filename) = 0;
  virtual void RestoreSolverStateFromBinaryProto(const string& state_file) = 0;
  // Keeps a running mean of the last average_loss losses in smoothed_loss_.
  void UpdateSmoothedLoss(Dtype loss, int start_iter, int average_loss);

  SolverParameter param_;
  int iter_;
  int current_step_;
  shared_ptr<Net<Dtype> > net_;
  vector<shared_ptr<Net<Dtype> > > test_nets_;
  vector<Callback*> callbacks_;
  vector<Dtype> losses_;
  Dtype smoothed_loss_;

  ActionCallback action_request_function_;
  bool requested_early_exit_;

  DISABLE_COPY_AND_ASSIGN(Solver);
};

}  // namespace caffe

#endif  // CAFFE_SOLVER_HPP_
