"""The process level (`--mpi`) on caffe_src: LeNet trained by 2 ranks under mpirun matches one
process (`check --mpi`, 200 iterations); built with -DCGP_MPI=ON but started without mpirun it
trains exactly as the original does; an uneven global batch is refused at start-up with one
line; a killed rank stops the whole job and leaves no snapshot half-written (and the snapshots
left resume with another rank count); `--mpi` on a tree without the hooks it needs is refused,
naming them.

The work directory is test_check's, so the original tree's build is shared."""
import json
import os
import re
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest
from support.cli import cgp, small_fixtures

from transformer import buildtree
from transformer.check import train

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / "build" / "test_check"
DATA = ROOT / "data" / "fashion-mnist"
SOLVER = ROOT / "caffe_src" / "examples" / "mnist" / "lenet_solver.prototxt"
NET = ROOT / "caffe_src" / "examples" / "mnist" / "lenet_train_test.prototxt"
MPI_BUILD = WORK / "transformed-mpi" / "build-mpi"
# Runs of each killed-rank case (the stress loop of docs/CHECK.md sets 10).
KILL_RUNS = int(os.environ.get("CGP_MPI_KILL_RUNS", "1"))
pytestmark = pytest.mark.skipif(shutil.which("cmake") is None, reason="cmake is not installed")


@pytest.fixture(scope="module")
def mpi_check():
    """The done-when run at 200 iterations: 2 ranks x 1 thread against 1 process x 1 thread."""
    assert shutil.which("mpirun"), "Open MPI is needed (Debian: openmpi-bin libopenmpi-dev)"
    assert DATA.is_dir(), "run scripts/setup_data.sh first"
    WORK.mkdir(parents=True, exist_ok=True)
    out = WORK / "mpi.json"
    r = cgp("check", "caffe_src", "--mpi", "--ranks", "2", "--work", WORK, "--iterations", 200,
            "--data", DATA, "--json", out)
    return r, json.loads(out.read_text()) if out.exists() else None


@pytest.fixture(scope="module")
def harness(mpi_check):
    exe = MPI_BUILD / "cgp_harness" / "cgp_harness"
    assert exe.exists(), mpi_check[0].stderr
    return exe


@pytest.fixture(scope="module")
def caffe_tool(mpi_check):
    """The transformed tree's own `caffe` tool, built in check's -DCGP_MPI=ON build."""
    subprocess.run(["cmake", "--build", str(MPI_BUILD), "--target", "caffe_tool", "-j",
                    str(buildtree.jobs_default())], check=True, capture_output=True)
    found = [p for p in MPI_BUILD.rglob("caffe") if p.is_file() and os.access(p, os.X_OK)]
    assert found, "tools/caffe was not built"
    return found[0]


def test_two_ranks_train_as_one_process(mpi_check):
    r, data = mpi_check
    assert r.returncode == 0, r.stdout + r.stderr
    assert data["ok"] and data["train"]["status"] == "pass"
    assert len(data["train"]["points"]) == 2  # display 100: iterations 100 and 200
    assert data["train"]["max_loss_rel"] < train.LOSS_REL_LIMIT
    acc = data["train"]["tests"]["accuracy"]
    assert abs(acc[0] - acc[1]) * 100 < train.ACCURACY_POINTS_LIMIT and acc[0] > 0.6
    digests = data["rank_weights"]
    assert sorted(digests) == ["0", "1"] and len(set(digests.values())) == 1
    assert "check --mpi: PASS" in r.stdout


def test_process_level_edits_in_the_solver(mpi_check):
    """The edits --mpi made to caffe_src's solver, and nothing else of it changed."""
    tree = WORK / "transformed-mpi-tree"
    got = (tree / "src" / "caffe" / "solver.cpp").read_text()
    orig = (ROOT / "caffe_src" / "src" / "caffe" / "solver.cpp").read_text()
    assert re.search(r"smoothed_loss_ = 0;\n  cgp::mpi::attach\(this\);[^\n]*\n}", got)
    assert "loss += cgp::mpi::global_loss(net_, net_->ForwardBackward());" in got
    assert "cgp::mpi::global_forward(net_, net_->Forward(&loss), &loss);" in got
    assert re.search(r"void Solver<Dtype>::Snapshot\(\) {\n[^\n]*rank 0 alone[^\n]*\n"
                     r"  if \(!cgp::mpi::is_root\(\)\) return;\n", got)
    assert "cgp::mpi::AtomicFile cgp_file(model_filename);" in got
    assert "WriteProtoToBinaryFile(net_param, cgp_file.partial());" in got
    edited = ("cgp", "ForwardBackward", "net_->Forward(&loss)", "WriteProtoToBinaryFile")

    def rest(text):
        return [ln for ln in text.splitlines()
                if ln.strip() not in "{}" and not any(e in ln for e in edited)]
    assert rest(got) == rest(orig)
    sgd = (tree / "src" / "caffe" / "solvers" / "sgd_solver.cpp").read_text()
    assert "cgp::mpi::AtomicFile cgp_file(snapshot_filename);" in sgd
    assert (tree / "include" / "cgp_mpi.hpp").is_file()
    assert "option(CGP_MPI" in (tree / "CMakeLists.txt").read_text()


def test_without_mpirun_trains_as_the_original(mpi_check, harness):
    """Built with -DCGP_MPI=ON, one process started on its own is the single-process
    transform: at 1 thread, the same bits as the original."""
    original = WORK / "original" / "build-original" / "cgp_harness" / "cgp_harness"
    ref = train.run(original, SOLVER, NET, str(DATA), 20, 1)
    got = train.run(harness, SOLVER, NET, str(DATA), 20, 1)
    assert got.rank_weights and list(got.rank_weights) == [0]
    lines = [ln for ln in got.raw.splitlines() if not ln.startswith("CGP rank-weights")]
    assert lines == ref.raw.splitlines()


def _net_with_batch(tmp_path: Path, batch: int) -> Path:
    text = NET.read_text().replace("batch_size: 64", f"batch_size: {batch}", 1)
    assert f"batch_size: {batch}" in text
    out = tmp_path / "lenet_uneven.prototxt"
    out.write_text(text)
    return out


def test_uneven_batch_is_refused_at_start_up(harness, tmp_path):
    net = _net_with_batch(tmp_path, 65)
    proc = subprocess.run(buildtree.mpirun(2) + [str(harness), "train", "--solver", str(SOLVER),
                          "--net", str(net), "--data", str(DATA), "--iterations", "5"],
                          capture_output=True, text=True, timeout=300,
                          env=buildtree.harness_env(1))
    assert proc.returncode != 0
    ours = [ln for ln in proc.stderr.splitlines() if ln.startswith("cgp-mpi: ")]
    assert ours == ["cgp-mpi: error: the batch size 65 of layer 'mnist' is not divisible by "
                    "the 2 ranks (the global batch is split evenly: give a multiple of the "
                    "rank count)"], proc.stderr
    assert "CGP loss" not in proc.stdout  # refused before the first iteration
    even = subprocess.run(buildtree.mpirun(2) + [str(harness), "train", "--solver", str(SOLVER),
                          "--net", str(_net_with_batch(tmp_path, 66)), "--data", str(DATA),
                          "--iterations", "2"], capture_output=True, text=True, timeout=300,
                          env=buildtree.harness_env(1))
    assert even.returncode == 0, even.stderr  # the positive case beside it


def _solver(tmp_path: Path, snapshot_every: int, max_iter: int) -> Path:
    text = SOLVER.read_text()
    text = re.sub(r"^net: .*$", f'net: "{NET}"', text, flags=re.M)
    text = re.sub(r"^max_iter: .*$", f"max_iter: {max_iter}", text, flags=re.M)
    text = re.sub(r"^snapshot: .*$", f"snapshot: {snapshot_every}", text, flags=re.M)
    text = re.sub(r"^snapshot_prefix: .*$", f'snapshot_prefix: "{tmp_path}/snap/lenet"', text,
                  flags=re.M)
    text = re.sub(r"^test_interval: .*$", "test_interval: 1000000", text, flags=re.M)
    text = re.sub(r"^display: .*$", "display: 1", text, flags=re.M)
    out = tmp_path / "solver.prototxt"
    out.write_text(text + "test_initialization: false\n")
    return out


def _children(pid: int) -> list:
    """The processes whose parent is pid, from /proc (no procps needed)."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == pid:  # after the command name: state, ppid, ...
            out.append(int(stat.parent.name))
    return out


def _rank_pids(launcher_pid: int) -> dict:
    """rank -> pid of mpirun's rank processes (from their environments)."""
    out = {}
    for child in _children(launcher_pid):
        try:
            env = Path(f"/proc/{child}/environ").read_bytes().split(b"\0")
        except OSError:
            continue
        for item in env:
            if item.startswith(b"OMPI_COMM_WORLD_RANK="):
                out[int(item.split(b"=")[1])] = int(child)
    return out


def _wait_for(predicate, proc: subprocess.Popen, what: str, limit_s: float = 600):
    deadline = time.monotonic() + limit_s
    while not predicate():
        assert proc.poll() is None, f"the job ended before {what}"
        assert time.monotonic() < deadline, f"no {what} after {limit_s} s"
        time.sleep(0.05)


@pytest.mark.parametrize("victim", [0, 1])
@pytest.mark.parametrize("run", range(KILL_RUNS))
def test_killed_rank_stops_every_rank(caffe_tool, tmp_path, victim, run):
    """SIGKILL to one rank while rank 0 writes a snapshot every other iteration: mpirun ends
    non-zero and takes the other rank with it; every snapshot under its final name is whole
    (it resumes, in one process or with 2 ranks), a torn one exists only as *.cgp-partial."""
    solver = _solver(tmp_path, snapshot_every=2, max_iter=1000000)
    log = open(tmp_path / "job.log", "w")
    proc = subprocess.Popen(buildtree.mpirun(2) + [str(caffe_tool), "train",
                            f"--solver={solver}"], cwd=ROOT, stdout=log,
                            stderr=subprocess.STDOUT, env=buildtree.harness_env(1))
    try:
        snaps = tmp_path / "snap"
        _wait_for(lambda: len(list(snaps.glob("*.solverstate"))) >= 2 + run % 3, proc,
                  "snapshot")
        ranks = _rank_pids(proc.pid)
        assert sorted(ranks) == [0, 1]
        os.kill(ranks[victim], signal.SIGKILL)
        rc = proc.wait(timeout=120)  # a hang fails here; mpirun stops the job in seconds
    finally:
        if proc.poll() is None:
            proc.kill()
        log.close()
    assert rc != 0
    for pid in ranks.values():
        assert not Path(f"/proc/{pid}").exists() or \
            "zombie" in Path(f"/proc/{pid}/status").read_text().lower()
    names = sorted(p.name for p in snaps.iterdir())
    assert all(n.endswith((".caffemodel", ".solverstate", ".cgp-partial")) for n in names)
    models = [p for p in snaps.glob("*.caffemodel")]
    assert len({p.stat().st_size for p in models}) == 1, names  # whole files only
    last = max(snaps.glob("*.solverstate"), key=lambda p: int(re.findall(r"\d+", p.name)[-1]))
    done = int(re.findall(r"\d+", last.name)[-1])
    launcher = buildtree.mpirun(2) if victim == 1 else []  # resumes with 2 ranks or with 1
    resume = subprocess.run(launcher + [str(caffe_tool), "train",
                                        f"--solver={_solver(tmp_path, 0, done + 2)}",
                                        f"--snapshot={last}"], cwd=ROOT, capture_output=True,
                            text=True, timeout=300, env=buildtree.harness_env(1))
    assert resume.returncode == 0, resume.stderr[-2000:]
    assert f"Iteration {done + 1}" in resume.stderr + resume.stdout


def test_mpi_refused_on_a_tree_without_solver_hooks(tmp_path):
    r = cgp(small_fixtures(tmp_path / "tree"), "-o", tmp_path / "out", "--mpi")
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("cgp-transform: error: --mpi: cannot add")
    assert "no solver with per-iteration hooks (a class with add_callback" in lines[0]
    assert not (tmp_path / "out").exists()  # nothing half-written


SOLVER_WITHOUT_NET_HOOKS = """\
#pragma once
#include <memory>
namespace caffe {
template <typename Dtype> class Net {
 public:
  Dtype ForwardBackward() { return Dtype(0); }
};
template <typename Dtype> class Solver {
 public:
  class Callback { public: virtual ~Callback() {} };
  void add_callback(Callback* value) { (void)value; }
  void Init() { net_.reset(new Net<Dtype>()); }
  void Setup() { Init(); }
  void Step() { net_->ForwardBackward(); }
  void Snapshot() {}
 protected:
  std::shared_ptr<Net<Dtype> > net_;
};
}  // namespace caffe
"""


def test_mpi_refused_when_the_net_has_no_layer_hooks(tmp_path):
    tree = small_fixtures(tmp_path / "tree")
    (tree / "include" / "caffe" / "solver.hpp").write_text(SOLVER_WITHOUT_NET_HOOKS)
    (tree / "solver.cpp").write_text('#include "caffe/solver.hpp"\n'  # analyzed: it mentions Layer
                                     "// trains a net of Layers\n"
                                     "template class caffe::Solver<float>;\n")
    r = cgp(tree, "-o", tmp_path / "out", "--mpi")
    assert r.returncode == 2, r.stderr
    assert "the net has no per-layer hooks (add_before_forward, add_after_forward, " \
        "add_after_backward, Caffe's Net::Callback)" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    plain = cgp(tree, "-o", tmp_path / "plain")  # the thread level alone still applies
    assert plain.returncode == 0, plain.stderr


def test_check_mpi_needs_two_ranks():
    r = cgp("check", "caffe_src", "--mpi", "--ranks", "1")
    assert r.returncode == 2
    assert r.stderr.strip().splitlines() == [
        "cgp-transform: error: --ranks: the process level is checked with at least 2 ranks"]


DUMMY_TRAIN_DATA = (
    'layer { name: "mnist" type: "DummyData" top: "data" top: "label" include { phase: TRAIN } '
    'dummy_data_param { data_filler { type: "gaussian" std: 1 } '
    'data_filler { type: "uniform" min: 0 max: 9.99 } '
    'shape { dim: 64 dim: 1 dim: 28 dim: 28 } shape { dim: 64 } } }\n')


def test_a_data_layer_that_does_not_reshape_its_tops(harness, tmp_path):
    """DummyData fills whatever shape its tops have and never reshapes them: every rank must
    fill the whole global batch again (the before-forward hook), as one process does, and
    keep its rows."""
    text = NET.read_text()
    start = text.index("layer {")
    end = text.index("layer {", start + 1)
    assert "phase: TRAIN" in text[start:end]
    net = tmp_path / "lenet_dummy.prototxt"
    net.write_text(text[:start] + DUMMY_TRAIN_DATA + text[end:])
    original = WORK / "original" / "build-original" / "cgp_harness" / "cgp_harness"
    ref = train.run(original, SOLVER, net, str(DATA), 10, None)
    got = train.run(harness, SOLVER, net, str(DATA), 10, 1, buildtree.mpirun(2))
    assert sorted(got.losses) == list(range(10))
    for it, value in ref.losses.items():
        assert got.losses[it] == pytest.approx(value, rel=1e-4), it
    assert len(set(got.rank_weights.values())) == 1 and len(got.rank_weights) == 2
