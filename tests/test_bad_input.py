"""Bad input and interruptions never damage anything: an unwritable OUT is refused in one line,
and Ctrl-C at any moment leaves neither OUT nor a temporary directory behind, with the input
tree byte-identical."""
import hashlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def tree_hash(root: Path) -> str:
    h = hashlib.sha256()
    for p in sorted(root.rglob("*")):
        if p.is_file():
            h.update(str(p.relative_to(root)).encode() + p.read_bytes())
    return h.hexdigest()


def test_out_not_writable(tmp_path):
    if os.geteuid() == 0:
        parent = Path("/proc")  # root may write anywhere but here
    else:
        parent = tmp_path / "locked"
        parent.mkdir()
        parent.chmod(0o500)
    before = tree_hash(ROOT / "fixtures")
    r = subprocess.run([sys.executable, "-m", "transformer", "fixtures", "-o",
                        str(parent / "cgp-out")], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 2, r.stderr
    assert "not writable" in r.stderr and r.stderr.count("\n") == 1, r.stderr
    assert not (parent / "cgp-out").exists()
    assert tree_hash(ROOT / "fixtures") == before


def test_out_not_writable_is_found_before_the_analysis(tmp_path, monkeypatch):
    """The output's place is tried first (root passes os.access anywhere), so the user hears
    at once, not after the whole tree is analysed; a writable place does reach the analysis."""
    from transformer import apply
    from transformer.errors import InputError

    def analysis(*_args, **_kw):
        raise RuntimeError("the analysis ran")
    monkeypatch.setattr(apply.analyze_mod, "run", analysis)
    parent = Path("/proc") if os.geteuid() == 0 else tmp_path / "locked"
    if parent != Path("/proc"):
        parent.mkdir()
        parent.chmod(0o500)
    with pytest.raises(InputError, match="not writable"):
        apply.transform(str(ROOT / "fixtures"), str(parent / "cgp-out"))
    with pytest.raises(RuntimeError, match="the analysis ran"):
        apply.transform(str(ROOT / "fixtures"), str(tmp_path / "cgp-out"))
    assert not (tmp_path / "cgp-out").exists()


@pytest.mark.parametrize("delay", [0.3, 1.0, 2.0, 3.5])
def test_ctrl_c_leaves_nothing_behind(tmp_path, delay):
    """SIGINT to the whole process group, as a terminal sends it, at several moments."""
    before = tree_hash(ROOT / "caffe_src")
    out = tmp_path / "out"
    env = dict(os.environ, CGP_CACHE_DIR=str(tmp_path / "cache"))  # cold: parsing takes a while
    proc = subprocess.Popen([sys.executable, "-m", "transformer", "caffe_src", "-o", str(out)],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    time.sleep(delay)
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    if proc.returncode == 0:  # finished before the signal: then OUT is whole
        assert (out / "include" / "cgp_runtime.hpp").exists()
    else:
        assert proc.returncode == 130, err
        assert "interrupted" in err and "Traceback" not in err, err
        assert not out.exists()
    leftovers = [p.name for p in tmp_path.iterdir() if p.name.startswith(".out.cgp-")]
    assert leftovers == []
    assert tree_hash(ROOT / "caffe_src") == before


@pytest.mark.parametrize("args, message", [
    (["--batch", "0"], "--batch takes a positive number of samples, not 0"),
    (["--batch", "-2"], "--batch takes a positive number of samples, not -2"),
    (["--batch", "two"], "--batch: invalid int value"),
    (["--forward-only", "--compare-torch"], "--forward-only does not go with --compare-torch"),
    (["--forward-only", "--ranks", "1,2"], "--forward-only applies to the thread benchmark"),
])
def test_bench_batch_and_forward_only_misuse_is_one_line(tmp_path, args, message):
    """Refused before anything is built or timed: one line on stderr, exit 2."""
    r = subprocess.run([sys.executable, "-m", "transformer", "bench", "caffe_src",
                        "--work", str(tmp_path / "work"), *args],
                       cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert r.returncode == 2, r.stderr
    assert message in r.stderr and r.stderr.count("\n") == 1, r.stderr
    assert "Traceback" not in r.stderr and r.stdout == ""
    assert not (tmp_path / "work" / "original").exists()  # nothing was built
