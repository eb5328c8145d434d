"""scripts/demo.sh refuses at once, in one line, when the CIFAR-10 batches its last step
times are missing, and goes on when they are there."""
import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _demo(tmp_path: Path, batch: str, *args: str):
    """demo.sh copied into a bare repository whose data/cifar10 holds `batch` (a file, a
    link to nowhere, or nothing), with a cgp-transform on PATH that records its call."""
    repo = tmp_path / "repo"
    (repo / "scripts").mkdir(parents=True)
    shutil.copy(ROOT / "scripts" / "demo.sh", repo / "scripts" / "demo.sh")
    cifar = repo / "data" / "cifar10"
    cifar.mkdir(parents=True)
    if batch == "file":
        (cifar / "data_batch_1.bin").write_bytes(b"\0" * 3073)
    elif batch == "dangling":
        (cifar / "data_batch_1.bin").symlink_to("../../../shared/data/cifar10/data_batch_1.bin")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "cgp-transform"
    fake.write_text(f"#!/bin/sh\necho called >> {tmp_path / 'calls'}\nexit 3\n")
    fake.chmod(0o755)
    env = dict(os.environ, PATH=f"{bin_dir}:{os.environ['PATH']}")
    r = subprocess.run(["bash", str(repo / "scripts" / "demo.sh"), *args], capture_output=True,
                       text=True, env=env, cwd=tmp_path)
    return r, (tmp_path / "calls").exists(), repo


def test_demo_refuses_without_cifar_batches(tmp_path):
    for batch in ("none", "dangling"):
        sub = tmp_path / batch
        sub.mkdir()
        r, called, repo = _demo(sub, batch)
        assert r.returncode == 2, (batch, r.stdout, r.stderr)
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and "data/cifar10" in lines[0], (batch, r.stderr)
        assert not called and not (repo / "build").exists(), batch


def test_demo_goes_on_with_a_batch(tmp_path):
    r, called, _ = _demo(tmp_path, "file")
    assert called, (r.stdout, r.stderr)  # it reached step 1 (the fake fails it there)
    assert r.returncode != 0 and "data/cifar10" not in r.stderr


def test_demo_check_data_only(tmp_path):
    """`make demo` runs `demo.sh --check-data` before it builds: 0 with a batch, 2 without,
    and nothing else run either way."""
    for batch, rc in (("file", 0), ("none", 2)):
        sub = tmp_path / batch
        sub.mkdir()
        r, called, _ = _demo(sub, batch, "--check-data")
        assert r.returncode == rc and not called, (batch, r.stdout, r.stderr)
    makefile = (ROOT / "Makefile").read_text()
    demo = makefile[makefile.index("\ndemo:"):]
    assert demo.index("demo.sh --check-data") < demo.index("build"), demo[:300]
