"""Find a tree's C++ sources and the flags to parse them with.

Flags come from compile_commands.json when there is one (in PATH/build, PATH, or given),
otherwise from the tree's include directories plus Caffe's usual defines. Builtin headers
come from a clang resource directory or the compiler's include directory, because the
libclang wheel ships none. A missing generated `caffe/proto/caffe.pb.h` is generated with
protoc into a temporary directory when possible.
"""
from __future__ import annotations

import glob
import hashlib
import json
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

from . import tree_flags
from .errors import InputError

SOURCE_EXTS = {".cpp", ".cc", ".cxx"}
HEADER_EXTS = {".hpp", ".h", ".hh", ".hxx"}
_SKIP_DIRS = {".git", "build", "BUILD", "cmake-build-release", "cmake-build-debug",
              "__pycache__", "node_modules", ".cache"}
# Directories whose files are not layer code worth analyzing.
_SKIP_SOURCE_PARTS = {"test", "tests", "examples", "docs", "python", "matlab", "scripts",
                      "tools", "cuda", "third_party", "gtest", "gmock"}


@dataclass
class SourceTree:
    root: Path
    sources: List[Path]  # layer code: its loops and calls get decisions
    headers: List[Path]
    flags: Dict[str, List[str]]  # per source file
    default_flags: List[str]
    notes: List[str] = field(default_factory=list)
    proto_status: str = "not-needed"  # not-needed | present | generated | missing
    compile_commands: Optional[Path] = None
    # the tree's other sources (utilities, solvers): their functions are followed when a
    # layer calls them, and get no decisions of their own
    helpers: List[Path] = field(default_factory=list)

    def args_for(self, path: Path) -> List[str]:
        return self.flags.get(str(path), self.default_flags)

    def digest(self) -> str:
        """Hash of every header in the tree, so cached parses notice header edits."""
        h = hashlib.sha256()
        for p in self.headers:
            h.update(str(p).encode())
            h.update(p.read_bytes())
        h.update(" ".join(self.default_flags).encode())
        return h.hexdigest()


def cache_dir() -> Path:
    """Where parsed units, precompiled headers and generated protobuf headers are cached
    (never inside the user's tree)."""
    base = os.environ.get("CGP_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")), "cgp-transform")
    return Path(base)


def builtin_include_args() -> List[str]:
    """-resource-dir for libclang: a system clang's, else the compiler's include dir."""
    env = os.environ.get("CGP_RESOURCE_DIR")
    if env:
        return ["-resource-dir", env]
    candidates = sorted(glob.glob("/usr/lib/llvm-*/lib/clang/*/include/stddef.h"), reverse=True)
    if candidates:
        return ["-resource-dir", str(Path(candidates[0]).parent.parent)]
    for cc in ("clang", "gcc", "cc"):
        exe = shutil.which(cc)
        if not exe:
            continue
        try:
            out = subprocess.run([exe, "-print-file-name=include"], capture_output=True,
                                 text=True, timeout=20).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            continue
        if out and os.path.isfile(os.path.join(out, "stddef.h")):
            return ["-isystem", out]
    return []


def walk(root: Path):
    """The tree's files, build and hidden directories pruned, each directory sorted."""
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in _SKIP_DIRS and not d.startswith("."))
        for name in sorted(filenames):
            yield Path(dirpath) / name


def _source_role(path: Path, root: Path) -> str:
    """'layer' for sources outside tests/tools/examples that mention a layer (`Layer` in the
    text), 'helper' for the others there (the tree's utilities: what they define is followed
    from a layer's calls), '' for the rest."""
    parts = set(path.relative_to(root).parts[:-1])
    if parts & _SKIP_SOURCE_PARTS:
        return ""
    try:
        return "layer" if b"Layer" in path.read_bytes() else "helper"
    except OSError:
        return ""


def find_compile_commands(root: Path, given: Optional[str]) -> Optional[Path]:
    if given:
        p = Path(given)
        if not p.is_file():
            raise InputError(f"compile commands file not found: {given}")
        return p
    for cand in (root / "build" / "compile_commands.json", root / "compile_commands.json"):
        if cand.is_file():
            return cand
    return None


def _find_proto(root: Path) -> Optional[Path]:
    for p in walk(root):
        if p.name == "caffe.proto":
            return p
    return None


def _includes_pb_header(sources: Sequence[Path], headers: Sequence[Path]) -> bool:
    for p in list(headers) + list(sources):
        try:
            if b"caffe/proto/caffe.pb.h" in p.read_bytes():
                return True
        except OSError:
            continue
    return False


def _header_reachable(include_dirs: Sequence[str], rel: str) -> bool:
    return any(os.path.isfile(os.path.join(d, rel)) for d in include_dirs)


# Written last into a generated protobuf directory: only a directory that has it is reused.
_PROTO_COMPLETE = ".complete"


def proto_header_complete(root: Path) -> bool:
    """Whether root holds a whole protoc output (generated by generate_proto_header)."""
    return (root / _PROTO_COMPLETE).is_file() and \
        (root / "caffe" / "proto" / "caffe.pb.h").is_file()


def generate_proto_header(proto: Path, tmp_root: Path) -> Optional[Path]:
    """Run protoc on caffe.proto into tmp_root/caffe/proto; return tmp_root (None on failure).

    protoc writes into a temporary directory beside tmp_root, which is renamed into place
    once complete, so an interrupted run never leaves a partial header that a later run
    would trust. A directory there without the completion mark is replaced."""
    protoc = shutil.which("protoc")
    if not protoc:
        return None
    tmp_root.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f"{tmp_root.name}.tmp", dir=tmp_root.parent))
    try:
        out_dir = work / "caffe" / "proto"
        out_dir.mkdir(parents=True)
        r = subprocess.run([protoc, f"--cpp_out={out_dir}", f"-I{proto.parent}", str(proto)],
                           capture_output=True, text=True)
        if r.returncode != 0 or not (out_dir / "caffe.pb.h").exists():
            return None
        (work / _PROTO_COMPLETE).write_text("")
        if tmp_root.exists() and not proto_header_complete(tmp_root):
            stale = Path(tempfile.mkdtemp(prefix=f"{tmp_root.name}.old", dir=tmp_root.parent))
            try:
                os.replace(tmp_root, stale / "x")  # aside first: rename cannot replace a tree
            except OSError:
                pass  # another run moved it already
            shutil.rmtree(stale, ignore_errors=True)
        try:
            os.rename(work, tmp_root)
        except OSError:  # another run put its complete output in place first
            pass
        return tmp_root if proto_header_complete(tmp_root) else None
    finally:
        shutil.rmtree(work, ignore_errors=True)  # gone already after the rename


def input_dir(path: str) -> Path:
    """The input tree as an absolute path, or a one-line InputError."""
    root = Path(path)
    if not root.exists():
        raise InputError(f"path does not exist: {path}")
    if not root.is_dir():
        raise InputError(f"not a directory: {path}")
    return root.resolve()


def load(path: str, compile_commands: Optional[str] = None,
         extra_includes: Sequence[str] = (), defines: Sequence[str] = ()) -> SourceTree:
    root = input_dir(path)
    sources, helpers, headers = _tree_files(root, path)
    builtin = builtin_include_args()
    notes: List[str] = []
    if not builtin:
        notes.append("no clang resource dir or compiler include dir found: builtin headers "
                     "such as stddef.h may be missing")
    base = ["-x", "c++", "-std=c++17", "-fopenmp", "-DCPU_ONLY", "-Wno-everything"]
    base += [f"-I{d}" for d in extra_includes] + [f"-D{d}" for d in defines]

    include_dirs = [str(root / "include"), str(root / "src"), str(root / "build" / "include")]
    include_dirs += [str(Path(d).resolve()) for d in extra_includes]
    cc_path = find_compile_commands(root, compile_commands)
    flags: Dict[str, List[str]] = {}
    if cc_path is None:
        include_dirs += _pkg_config_includes(notes)
    else:
        notes.append(f"flags: {cc_path}")
        flags, cc_includes = _compile_command_flags(cc_path, builtin)
        include_dirs += cc_includes
    default = base + [f"-I{d}" for d in include_dirs if os.path.isdir(d)] + builtin

    proto_status, gen = _proto_header(root, sources, headers, include_dirs, notes)
    if gen is not None:
        default.append(f"-I{gen}")
        for k in flags:
            flags[k].append(f"-I{gen}")
    return SourceTree(root=root, sources=sources, headers=headers, flags=flags,
                      default_flags=default, notes=notes, proto_status=proto_status,
                      compile_commands=cc_path, helpers=helpers)


def _tree_files(root: Path, path: str) -> Tuple[List[Path], List[Path], List[Path]]:
    """The layer sources, the other sources whose functions layers may call, and every
    header; an InputError when the tree holds no C++ at all."""
    sources, helpers, headers = [], [], []
    any_source = False
    for p in walk(root):
        if p.suffix in SOURCE_EXTS:
            any_source = True
            role = _source_role(p, root)
            (sources if role == "layer" else helpers if role == "helper" else []).append(p)
        elif p.suffix in HEADER_EXTS:
            headers.append(p)
    if not any_source and not headers:
        raise InputError(f"no C++ sources under {path}")
    return sources, helpers, headers


def _pkg_config_includes(notes: List[str]) -> List[str]:
    """For a tree without compile commands: the include directories pkg-config adds, and the
    `flags:` note that says so."""
    found = tree_flags.from_pkg_config()
    notes.append("flags: no compile_commands.json; the tree's include/ and src/, Caffe's "
                 "defines" + (f", and {found.source} ({' '.join(found.includes)})"
                              if found and found.includes else ""))
    return list(found.includes) if found and found.includes else []


def _compile_command_flags(cc_path: Path,
                           builtin: List[str]) -> Tuple[Dict[str, List[str]], List[str]]:
    """Per-file flags from compile_commands.json, and the include directories they name."""
    try:
        entries = json.loads(cc_path.read_text())
    except (OSError, ValueError) as e:
        raise InputError(f"unreadable compile commands {cc_path}: {e}") from None
    flags: Dict[str, List[str]] = {}
    include_dirs: List[str] = []
    for entry in entries:
        file = Path(entry.get("directory", ".")) / entry.get("file", "")
        try:
            file = file.resolve()
        except OSError:
            continue
        f = tree_flags.command_flags(entry)
        flags[str(file)] = ["-x", "c++"] + f + ["-fopenmp", "-Wno-everything"] + builtin
        include_dirs += [a[2:] for a in f if a.startswith("-I")]
    return flags, include_dirs


def _proto_header(root: Path, sources: Sequence[Path], headers: Sequence[Path],
                  include_dirs: Sequence[str], notes: List[str]) -> Tuple[str, Optional[Path]]:
    """proto_status, and the directory of a caffe.pb.h generated for the tree (None when none
    is needed, the tree has one, or it cannot be generated: a note says why)."""
    if not _includes_pb_header(sources, headers):
        return "not-needed", None
    if _header_reachable(include_dirs, "caffe/proto/caffe.pb.h"):
        return "present", None
    proto = _find_proto(root)
    gen = None
    if proto is not None:
        digest = hashlib.sha256(proto.read_bytes()).hexdigest()[:24]
        scratch = cache_dir() / f"proto-{digest}"
        gen = scratch if proto_header_complete(scratch) else \
            generate_proto_header(proto, scratch)
    if gen is not None:
        notes.append(f"generated caffe/proto/caffe.pb.h from {proto.relative_to(root)} "
                     f"with protoc into {gen}")
        return "generated", gen
    why = "protoc is not installed" if proto is not None else "no caffe.proto found"
    notes.append(f"caffe/proto/caffe.pb.h is missing and cannot be generated ({why}): "
                 "results that depend on it are marked degraded")
    return "missing", None
