"""--mpi on solver shapes that forks write (no build): each runs the transform on a small copy
of caffe_src whose solver is edited, and checks the process level's edits are refused with a
reason (exit 2, nothing written) where they would not average the diffs once per step, attach
to the net trained, or keep snapshots to rank 0; and where a snapshot file cannot be known to
be written whole, that it is left as written, with a note."""
import shutil
from pathlib import Path

import pytest
from support.cli import cgp

ROOT = Path(__file__).resolve().parents[1]
S, H = "src/caffe/solver.cpp", "include/caffe/solver.hpp"
G, GH = "src/caffe/solvers/sgd_solver.cpp", "include/caffe/sgd_solvers.hpp"
TRAIN_NET = "template <typename Dtype>\nvoid Solver<Dtype>::InitTrainNet() {"
PASS = "      loss += net_->ForwardBackward();"
WRITE = "  WriteProtoToBinaryFile(net_param, model_filename);\n  return model_filename;"


@pytest.fixture(scope="module")
def mini(tmp_path_factory) -> Path:
    """caffe_src without its examples, tools, tests and all layers but one."""
    out = tmp_path_factory.mktemp("mpi_shapes") / "mini"
    shutil.copytree(ROOT / "caffe_src", out,
                    ignore=shutil.ignore_patterns("examples", "tools", "test"))
    for f in (out / "src/caffe/layers").iterdir():
        if f.name != "relu_layer.cpp":
            f.unlink()
    return out


def _variant(mini: Path, tmp_path: Path, *edits) -> Path:
    tree = tmp_path / "tree"
    shutil.copytree(mini, tree)
    for f, old, new in edits:
        text = (tree / f).read_text()
        assert old in text, old
        (tree / f).write_text(text.replace(old, new, 1))
    return tree


def _refused(tree: Path, tmp_path: Path, *why: str) -> None:
    r = cgp("transform", tree, "-o", tmp_path / "out", "--mpi")
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2, r.stdout + r.stderr
    assert len(lines) == 1 and lines[0].startswith("cgp-transform: error: --mpi: cannot add")
    for w in why:
        assert w in lines[0], lines[0]
    assert not (tmp_path / "out").exists()


def _made(tree: Path, tmp_path: Path):
    r = cgp("transform", tree, "-o", tmp_path / "out", "--mpi")
    assert r.returncode == 0, r.stderr
    return r, tmp_path / "out"


def test_net_recreated_in_a_second_method_is_refused(mini, tmp_path):
    # a restore that rebuilds the net, called from a subclass: the attach went to its end
    tree = _variant(mini, tmp_path,
                    (H, "  void Snapshot();", "  void Snapshot();\n  void Mut23CReload(int n);"),
                    (S, TRAIN_NET, "template <typename Dtype>\nvoid Solver<Dtype>::Mut23CReload"
                     "(int n) {\n  NetParameter p;\n  if (n) net_.reset(new Net<Dtype>(p));\n}"
                     "\n\n" + TRAIN_NET),
                    (G, "SnapshotSolverStateToBinaryProto(model_filename);\n",
                     "SnapshotSolverStateToBinaryProto(model_filename);\n"
                     "  this->Mut23CReload(0);\n"))
    _refused(tree, tmp_path, "net_ is (re)created in more than one method",
             "Solver::Mut23CReload")


def test_setup_that_returns_early_is_refused(mini, tmp_path):
    tree = _variant(mini, tmp_path, (S, "  InitTestNets();\n",
                                     "  if (param_.test_iter_size() == 0) return;\n"
                                     "  InitTestNets();\n"))
    _refused(tree, tmp_path, "Init returns before its end")


@pytest.mark.parametrize("old,new,why", [
    ("i < param_.iter_size(); ++i) {\n" + PASS, "i < 2; ++i) {\n" + PASS,
     "does not count the solver's iter_size passes"),
    ("    loss /= param_.iter_size();\n",
     "    if (iter_ % 2) loss += net_->ForwardBackward();\n    loss /= param_.iter_size();\n",
     "runs 2 backward passes per step"),
    ("    for (size_t i = 0; i < callbacks_.size(); ++i) callbacks_[i]->on_gradients_ready();\n",
     "", "does not call the solver callbacks' on_start before it and on_gradients_ready"),
    (PASS, "      auto pass = [this]() { return net_->ForwardBackward(); };\n"
     "      loss += pass();", "it is called in a lambda"),
])
def test_step_whose_diffs_would_not_be_averaged_once_is_refused(mini, tmp_path, old, new, why):
    _refused(_variant(mini, tmp_path, (S, old, new)), tmp_path, why)


def test_snapshot_returning_a_value_is_refused(mini, tmp_path):
    tree = _variant(mini, tmp_path, (H, "  void Snapshot();", "  string Snapshot();"),
                    (S, "void Solver<Dtype>::Snapshot() {", "string Solver<Dtype>::Snapshot() {"),
                    (S, "  SnapshotSolverState(model_filename);\n}",
                     "  SnapshotSolverState(model_filename);\n  return model_filename;\n}"))
    _refused(tree, tmp_path, "Solver::Snapshot returns a value")


def test_every_snapshot_override_is_kept_to_rank_zero(mini, tmp_path):
    tree = _variant(mini, tmp_path, (H, "  void Snapshot();", "  virtual void Snapshot();"),
                    (GH, "  virtual void ApplyUpdate();",
                     "  virtual void ApplyUpdate();\n  virtual void Snapshot();"),
                    (G, "template <typename Dtype>\nvoid SGDSolver<Dtype>::SnapshotSolverState(",
                     "template <typename Dtype>\nvoid SGDSolver<Dtype>::Snapshot() {\n"
                     "  const string f = this->SnapshotFilename(\".mut23c\");\n  NetParameter p;\n"
                     "  WriteProtoToBinaryFile(p, f);\n}\n\ntemplate <typename Dtype>\n"
                     "void SGDSolver<Dtype>::SnapshotSolverState("))
    _, out = _made(tree, tmp_path)
    text = (out / G).read_text()
    body = text[text.index("void SGDSolver<Dtype>::Snapshot() {"):]
    assert body.index("if (!cgp::mpi::is_root()) return;") < body.index("AtomicFile cgp_file(f)")
    assert "if (!cgp::mpi::is_root()) return;" in (out / S).read_text()


def test_a_path_handed_to_two_calls_is_left_as_written(mini, tmp_path):
    # the second call reads back what the first wrote: wrapping it would read the partial file
    tree = _variant(mini, tmp_path, (S, WRITE, "  WriteProtoToBinaryFile(net_param, "
                                     "model_filename);\n  NetParameter back;\n"
                                     "  ReadProtoFromBinaryFileOrDie(model_filename, &back);\n"
                                     "  return model_filename;"))
    r, out = _made(tree, tmp_path)
    assert "model_filename is handed to 2 calls" in r.stderr + r.stdout
    text = (out / S).read_text()
    assert "AtomicFile cgp_file(model_filename)" not in text
    assert "ReadProtoFromBinaryFileOrDie(model_filename, &back);" in text


def test_a_write_under_a_condition_is_noted(mini, tmp_path):
    tree = _variant(mini, tmp_path, (S, WRITE, "  if (param_.snapshot()) "
                                     "WriteProtoToBinaryFile(net_param, model_filename);\n"
                                     "  return model_filename;"))
    r, out = _made(tree, tmp_path)
    assert "is not a statement of its own: that file is not made atomic" in r.stderr + r.stdout
    assert "AtomicFile cgp_file(snapshot_filename)" in (out / G).read_text()


def test_a_nan_loss_fails_the_training_comparison():
    from transformer.check import train
    ref = train.TrainRun(1, losses={i: 1.0 for i in range(4)})
    got = train.TrainRun(1, losses={0: 1.0, 1: 1.0, 2: float("nan"), 3: 1.0})
    res = train.compare(ref, got, 4, 1, None, display=2)
    assert res.status == "fail" and res.max_loss_rel == float("inf")


def test_a_pass_under_a_condition_is_refused(mini, tmp_path):
    # `if (Caffe::root_solver()) loss += ...`: the ranks that skip it never join the sums
    tree = _variant(mini, tmp_path, (S, PASS, "      if (iter_ % 2 == 0) " + PASS.strip()))
    _refused(tree, tmp_path, "runs under a condition")


NET_MEMBER = "  shared_ptr<Net<Dtype> > net_;"
WRAPPER = ("template <typename Dtype>\nclass SolverGroup {\n public:\n"
           "  void add_callback(typename Solver<Dtype>::Callback* c) { root_->add_callback(c); }\n"
           "  {held}\n};\n\n}  // namespace caffe\n")


def test_a_second_net_member_is_refused(mini, tmp_path):
    tree = _variant(mini, tmp_path,
                    (H, NET_MEMBER, "  shared_ptr<Net<Dtype> > teacher_net_;\n" + NET_MEMBER))
    _refused(tree, tmp_path, "holds 2 nets (teacher_net_, net_)")


def test_a_member_of_another_net_type_is_not_the_net(mini, tmp_path):
    # `ShadowNet<...>` declared first was taken for the net: its name is matched whole now
    tree = _variant(mini, tmp_path,
                    (H, NET_MEMBER, "  shared_ptr<ShadowNet<Dtype> > shadow_;\n" + NET_MEMBER),
                    (H, "template <typename Dtype>\nclass Solver {",
                     "template <typename Dtype>\nclass ShadowNet {};\n\n"
                     "template <typename Dtype>\nclass Solver {"))
    _, out = _made(tree, tmp_path)
    assert "cgp::mpi::attach(this);" in (out / S).read_text()


@pytest.mark.parametrize("held,made", [
    ("Solver<Dtype>* root_;", True),           # a wrapper holding the solver: the solver wins
    ("Solver<Dtype>* root_;\n  shared_ptr<Net<Dtype> > net_;", False),  # both hold a net
])
def test_two_classes_with_the_solver_hook(mini, tmp_path, held, made):
    tree = _variant(mini, tmp_path,
                    (H, "}  // namespace caffe\n", WRAPPER.replace("{held}", held)))
    if made:
        _made(tree, tmp_path)
    else:
        _refused(tree, tmp_path, "2 classes could be the solver (Solver, SolverGroup)")


def test_another_forward_for_the_displayed_loss_is_noted(mini, tmp_path):
    # an older tree's `ForwardPrefilled(&loss)`: rank 0 shows its share's loss; said, not hidden
    tree = _variant(mini, tmp_path, (S, "    net_->Forward(&loss);",
                                     "    net_->ForwardPrefilled(&loss);"))
    r, out = _made(tree, tmp_path)
    assert "net_->ForwardPrefilled(&loss) is left as written" in r.stdout + r.stderr
    assert "net_->ForwardPrefilled(&loss);" in (out / S).read_text()
