"""Build a Caffe-style tree with the check/bench driver: a synced copy of the tree (only changed
files are rewritten, so a second build is incremental), the driver added to its CMake, and one
CMake build per toolchain (original, OpenMP, clang-14 + ThreadSanitizer for Archer)."""
from __future__ import annotations

import filecmp
import os
import shutil
import subprocess
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Dict, List, Optional, Sequence

from . import render
from .errors import CheckFailure, InputError

# Options of Caffe-family CMake builds that keep a CPU-only build small. A tree that does not
# know one of them ignores it (CMake warns about unused variables).
_CAFFE_OPTIONS = ["-DBUILD_TESTS=OFF", "-DCPU_ONLY=ON", "-DBLAS=Open", "-DBUILD_python=OFF",
                  "-DBUILD_matlab=OFF", "-DBUILD_docs=OFF", "-DUSE_OPENCV=OFF",
                  "-DUSE_LEVELDB=OFF", "-DUSE_LMDB=OFF"]
_SKIP_DIRS = {".git", ".hg", ".svn", "__pycache__"}
ARCHER_LIB = Path("/usr/lib/llvm-14/lib/libarcher.so")


@dataclass
class Toolchain:
    """How to build: compilers, extra flags, build type, and whether OpenMP is forced on."""
    name: str
    openmp: bool = False
    cc: Optional[str] = None
    cxx: Optional[str] = None
    flags: List[str] = field(default_factory=list)
    build_type: str = "Release"
    cmake: List[str] = field(default_factory=list)  # extra -D options
    user: List[str] = field(default_factory=list)  # the user's -D options, given last


ORIGINAL = Toolchain("original")
OPENMP = Toolchain("openmp", openmp=True)
RACE = Toolchain("race", openmp=True, cc="clang-14", cxx="clang++-14",
                 flags=["-fsanitize=thread", "-fno-omit-frame-pointer"],
                 build_type="RelWithDebInfo",
                 cmake=["-DCGP_TSAN_BLAS=ON"])
# A tree transformed with --mpi, built with its process level on (it links MPI).
MPI = Toolchain("mpi", openmp=True, cmake=["-DCGP_MPI=ON"])


def check_options(extra: Sequence[str]) -> None:
    """Each of the user's CMake options is one -DNAME=VALUE (a generator or a source
    directory would replace the build's own)."""
    for opt in extra:
        if not opt.startswith("-D") or "=" not in opt or "\n" in opt:
            raise InputError(f"--cmake-option takes -DNAME=VALUE, not {opt!r}")


def with_options(tc: Toolchain, extra: Sequence[str]) -> Toolchain:
    """tc with the user's own options for the tree's CMake (`--cmake-option`), given after
    all of cgp-transform's, so that theirs win: a fork's switches can turn off what it cannot
    build here."""
    check_options(extra)
    return replace(tc, user=tc.user + list(extra)) if extra else tc


def race_tools_missing() -> List[str]:
    """What the race check needs and this machine lacks (Debian: clang-14, libomp-14-dev)."""
    missing = [tool for tool in ("clang-14", "clang++-14") if not shutil.which(tool)]
    if not ARCHER_LIB.exists():
        missing.append(str(ARCHER_LIB))
    return missing


def mpirun(ranks: int) -> List[str]:
    """The launcher prefix for `ranks` processes on this machine: Open MPI's mpirun, allowed
    more ranks than cores and unbound (each rank's OpenMP threads float), and allowed to run
    as root where this runs as root."""
    exe = shutil.which("mpirun")
    if exe is None:
        raise InputError("mpirun not found: the process level runs under Open MPI "
                         "(Debian: openmpi-bin libopenmpi-dev)")
    cmd = [exe, "-np", str(ranks), "--oversubscribe", "--bind-to", "none",
           # shared-memory copies without cross-memory attach, which containers often deny
           "--mca", "btl_vader_single_copy_mechanism", "none"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-run-as-root")
    return cmd


def _is_build_dir(path: Path) -> bool:
    return (path / "CMakeCache.txt").exists()


def sync_tree(src: Path, dst: Path, managed=frozenset()) -> int:
    """Make dst a copy of src (without VCS and build directories), rewriting only files whose
    bytes differ, so that timestamps of unchanged files, and with them incremental builds,
    survive. Files in `managed` (relative paths) are left to the caller. Returns the number
    of files written."""
    written = 0
    wanted = set()
    for dirpath, dirnames, filenames in os.walk(src):
        here = Path(dirpath)
        dirnames[:] = [d for d in dirnames if d not in _SKIP_DIRS and
                       not _is_build_dir(here / d) and (here / d).resolve() != dst.resolve()]
        rel_dir = here.relative_to(src)
        (dst / rel_dir).mkdir(parents=True, exist_ok=True)
        for name in filenames:
            rel = rel_dir / name
            wanted.add(rel)
            if rel in managed:
                continue
            s, d = src / rel, dst / rel
            if s.is_symlink() or not s.is_file():
                continue
            if d.exists() and filecmp.cmp(s, d, shallow=False):
                continue
            shutil.copyfile(s, d)
            written += 1
    for dirpath, _dirnames, filenames in os.walk(dst, topdown=False):
        here = Path(dirpath)
        rel_dir = here.relative_to(dst)
        if rel_dir.parts and rel_dir.parts[0] == "cgp_harness":
            continue
        for name in filenames:
            if rel_dir / name not in wanted:
                (here / name).unlink()
    return written


def _write_if_changed(path: Path, text: str) -> None:
    if path.exists() and path.read_text(errors="replace") == text:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def prepare(tree: Path, copy: Path) -> None:
    """copy := tree + the driver, hooked into its top-level CMakeLists.txt."""
    cmake = tree / "CMakeLists.txt"
    if not cmake.is_file():
        raise InputError(f"{tree} has no CMakeLists.txt: check and bench build trees with CMake")
    copy.mkdir(parents=True, exist_ok=True)
    sync_tree(tree, copy, managed=frozenset({Path("CMakeLists.txt")}))
    for rel, text in render.harness_files().items():
        _write_if_changed(copy / rel, text)
    _write_if_changed(copy / "CMakeLists.txt",
                      cmake.read_text(errors="replace") + render.harness_hook())


def _has_cgp_option(copy: Path) -> bool:
    return "CGP_OPENMP" in (copy / "CMakeLists.txt").read_text(errors="replace")


def configure_args(copy: Path, build: Path, tc: Toolchain) -> List[str]:
    args = ["cmake", "-S", str(copy), "-B", str(build), f"-DCMAKE_BUILD_TYPE={tc.build_type}"]
    args += _CAFFE_OPTIONS + tc.cmake
    flags = list(tc.flags)
    if tc.openmp:
        if _has_cgp_option(copy):
            args.append("-DCGP_OPENMP=ON")
        if not _has_cgp_option(copy) or tc.cxx:
            flags.append("-fopenmp")
    elif _has_cgp_option(copy):
        args.append("-DCGP_OPENMP=OFF")
    if flags:
        joined = " ".join(flags)
        args += [f"-DCMAKE_CXX_FLAGS={joined}", f"-DCMAKE_C_FLAGS={joined}",
                 f"-DCMAKE_EXE_LINKER_FLAGS={joined}", f"-DCMAKE_SHARED_LINKER_FLAGS={joined}"]
    if tc.cc:
        args.append(f"-DCMAKE_C_COMPILER={tc.cc}")
    if tc.cxx:
        args.append(f"-DCMAKE_CXX_COMPILER={tc.cxx}")
    if shutil.which("ccache"):
        args += ["-DCMAKE_CXX_COMPILER_LAUNCHER=ccache", "-DCMAKE_C_COMPILER_LAUNCHER=ccache"]
    return args + tc.user


def build(tree: Path, work: Path, tc: Toolchain, jobs: int, log: Path,
          blame: str = "transformed") -> Path:
    """Copy `tree` to work/src, build the driver with `tc` in work/build-<name>, and return
    the driver's path. A failed build raises InputError for the original tree (the user's
    build is broken) and CheckFailure otherwise."""
    tree, work = tree.resolve(), work.resolve()
    copy = work / "src"
    prepare(tree, copy)
    build_dir = work / f"build-{tc.name}"
    env = dict(os.environ, CCACHE_BASEDIR=str(work), CCACHE_NOHASHDIR="true")
    log.parent.mkdir(parents=True, exist_ok=True)
    with open(log, "w") as out:
        steps = [configure_args(copy, build_dir, tc),
                 ["cmake", "--build", str(build_dir), "--target", "cgp_harness", "-j", str(jobs)]]
        for step in steps:
            out.write("$ " + " ".join(step) + "\n")
            out.flush()
            rc = subprocess.run(step, stdout=out, stderr=subprocess.STDOUT, env=env).returncode
            if rc != 0:
                err = InputError if blame == "original" else CheckFailure
                raise err(f"the {blame} tree does not build ({tc.name}): {_last_error(log)} "
                          f"(log: {log})")
    exe = build_dir / "cgp_harness" / "cgp_harness"
    if not exe.exists():
        raise CheckFailure(f"the driver was not built for the {blame} tree (log: {log})")
    return exe


def _last_error(log: Path) -> str:
    lines = log.read_text(errors="replace").splitlines()
    errors = [ln.strip() for ln in lines if "error" in ln.lower() and not ln.startswith("$ ")]
    return (errors[0] if errors else (lines[-1] if lines else "no output"))[:200]


def harness_env(threads: Optional[int], blas_threads: int = 1,
                extra: Optional[Dict[str, str]] = None) -> Dict[str, str]:
    env = dict(os.environ)
    env["OPENBLAS_NUM_THREADS"] = str(blas_threads)
    if threads is not None:
        env["OMP_NUM_THREADS"] = str(threads)
    if extra:
        env.update(extra)
    return env


def race_env(threads: int) -> Dict[str, str]:
    """Archer (the OpenMP tool of LLVM's ThreadSanitizer support) on, reports as exit 66.
    Every thread of a region starts a part before any starts a second (CGP_SPREAD_PARTS):
    two parts that touch the same memory then run on two threads, whatever the load."""
    return harness_env(threads, extra={
        "CGP_FORCE_PARALLEL": "1",
        "CGP_SPREAD_PARTS": "1",
        "OMP_TOOL_LIBRARIES": str(ARCHER_LIB),
        "ARCHER_OPTIONS": "verbose=1",
        "TSAN_OPTIONS": "ignore_noninstrumented_modules=1 exitcode=66 halt_on_error=0 "
                        "report_signal_unsafe=0",
    })


def jobs_default() -> int:
    return max(1, os.cpu_count() or 1)
