"""Include directories and defines the tree's own build would use, for a tree that has no
compile_commands.json.

- pkg-config, for the libraries Caffe-family trees include from places off the default
  include path (Debian puts `hdf5.h` under /usr/include/hdf5/serial); cheap, always asked;
- a throw-away CMake configure of the tree with CMAKE_EXPORT_COMPILE_COMMANDS=ON, in the
  cache directory (never in the tree), its result cached by the tree's CMake files;
- the tree's Makefile.config (`INCLUDE_DIRS`, and the `CPU_ONLY`/`USE_*` switches).

Each source says in one line where its flags came from (`Discovered.source`).
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import List, Optional

# Per library, its pkg-config names, the first installed one wins.
PKG_CONFIG_PACKAGES = (("hdf5-serial", "hdf5"), ("opencv4", "opencv"))
# How the check builds Caffe-family trees; the flags are asked for the same configuration.
CMAKE_OPTIONS = ["-DCPU_ONLY=ON", "-DBLAS=Open", "-DBUILD_python=OFF", "-DBUILD_matlab=OFF",
                 "-DBUILD_docs=OFF", "-DUSE_OPENCV=OFF", "-DUSE_LEVELDB=OFF", "-DUSE_LMDB=OFF"]
CMAKE_TIMEOUT_S = 300


@dataclass
class Discovered:
    source: str                                   # "pkg-config hdf5-serial"
    includes: List[str] = field(default_factory=list)
    defines: List[str] = field(default_factory=list)
    problem: str = ""                             # why the source gave nothing


def _unique(items: List[str]) -> List[str]:
    return list(dict.fromkeys(items))


def from_pkg_config() -> Optional[Discovered]:
    """Include directories of the first installed package of each library."""
    exe = shutil.which("pkg-config")
    if not exe:
        return None
    found: List[str] = []
    includes: List[str] = []
    for names in PKG_CONFIG_PACKAGES:
        for pkg in names:
            proc = subprocess.run([exe, "--cflags-only-I", pkg], capture_output=True,
                                  text=True)
            if proc.returncode == 0:
                found.append(pkg)
                includes += [a[2:] for a in shlex.split(proc.stdout)
                             if a.startswith("-I") and os.path.isdir(a[2:])]
                break
    if not found:
        return None
    return Discovered("pkg-config " + ", ".join(found), _unique(includes))


def command_flags(entry: dict) -> List[str]:
    """The flags of one compile command that matter for parsing (-I, -isystem, -include,
    -D, -U, -std, -f, -W), relative paths made absolute from its directory."""
    argv = entry.get("arguments") or shlex.split(entry.get("command", ""))
    out: List[str] = []
    skip = False
    directory = entry.get("directory", ".")
    for i, a in enumerate(argv[1:]):
        if skip:
            skip = False
            continue
        if a in ("-o", "-c", "-MF", "-MT", "-MQ"):
            skip = a != "-c"
            continue
        if a.startswith(("-I", "-D", "-U", "-std=", "-isystem", "-include", "-f", "-W")) or \
                a in ("-isystem", "-include"):
            if a in ("-isystem", "-include", "-I"):
                nxt = argv[1:][i + 1] if i + 1 < len(argv) - 1 else ""
                out.extend([a, nxt if os.path.isabs(nxt) else os.path.join(directory, nxt)])
                skip = True
            elif a.startswith("-I") and not os.path.isabs(a[2:]):
                out.append("-I" + os.path.join(directory, a[2:]))
            else:
                out.append(a)
    return out


def flags_of_commands(entries: List[dict], skip_under: Optional[Path] = None) -> Discovered:
    """The union of the -I/-isystem directories and -D defines of compile commands."""
    includes: List[str] = []
    defines: List[str] = []
    for entry in entries:
        flags = command_flags(entry)
        directory = entry.get("directory", ".")
        for i, a in enumerate(flags):
            path = None
            if a in ("-I", "-isystem") and i + 1 < len(flags):
                path = flags[i + 1]
            elif a.startswith("-I") and len(a) > 2:
                path = a[2:]
            elif a.startswith("-isystem") and len(a) > 8:
                path = a[8:]
            elif a.startswith("-D") and len(a) > 2:
                defines.append(a[2:])
            if path is not None:
                full = os.path.normpath(os.path.join(directory, path))
                if skip_under is None or not Path(full).is_relative_to(skip_under):
                    includes.append(full)
    return Discovered("", _unique(includes), _unique(defines))


def _cmake_key(root: Path) -> str:
    h = hashlib.sha256(str(root).encode())
    h.update(" ".join(CMAKE_OPTIONS).encode())
    for p in sorted(root.rglob("*")):
        if p.is_file() and (p.name == "CMakeLists.txt" or p.suffix == ".cmake") and \
                ".git" not in p.parts:
            h.update(str(p.relative_to(root)).encode())
            h.update(p.read_bytes())
    return h.hexdigest()[:20]


def from_cmake(root: Path, cache: Path) -> Optional[Discovered]:
    """Configure the tree with CMake in a temporary directory under `cache` and read its
    compile commands. The result (not the build directory) is cached by the CMake files."""
    if not (root / "CMakeLists.txt").is_file():
        return None
    exe = shutil.which("cmake")
    if not exe:
        return Discovered("CMake", problem="cmake is not installed")
    key = _cmake_key(root)
    stored = cache / f"cmake-flags-{key}.json"
    if stored.is_file():
        return Discovered(**json.loads(stored.read_text()))
    cache.mkdir(parents=True, exist_ok=True)
    build = Path(tempfile.mkdtemp(prefix="cmake-configure-", dir=cache))
    try:
        try:
            proc = subprocess.run([exe, "-S", str(root), "-B", str(build),
                                   "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON", *CMAKE_OPTIONS],
                                  capture_output=True, text=True, timeout=CMAKE_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            return Discovered("CMake", problem=f"configure timed out after {CMAKE_TIMEOUT_S} s")
        commands = build / "compile_commands.json"
        if proc.returncode != 0 or not commands.is_file():
            lines = [ln.strip() for ln in (proc.stderr or proc.stdout).splitlines() if ln.strip()]
            return Discovered("CMake", problem="configure failed: " +
                              (lines[0][:160] if lines else f"exit {proc.returncode}"))
        found = flags_of_commands(json.loads(commands.read_text()), skip_under=build)
        found.source = "a CMake configure of the tree (CMAKE_EXPORT_COMPILE_COMMANDS)"
        tmp = stored.with_name(stored.name + f".{os.getpid()}")
        tmp.write_text(json.dumps(asdict(found)))
        os.replace(tmp, stored)  # whole, or not at all
        return found
    finally:
        shutil.rmtree(build, ignore_errors=True)


_MK_ASSIGN = re.compile(r"^\s*([A-Z_]+)\s*[:+]?=\s*(.*?)\s*$")


def from_makefile_config(root: Path) -> Optional[Discovered]:
    """INCLUDE_DIRS (absolute directories only) and the switches of Makefile.config."""
    path = root / "Makefile.config"
    if not path.is_file():
        return None
    includes: List[str] = []
    defines: List[str] = []
    for line in path.read_text(errors="replace").splitlines():
        m = _MK_ASSIGN.match(line.split("#", 1)[0])
        if not m:
            continue
        name, value = m.groups()
        if name == "INCLUDE_DIRS":
            includes += [w for w in value.split() if w.startswith("/") and os.path.isdir(w)]
        elif name in ("CPU_ONLY", "USE_OPENCV", "USE_LEVELDB", "USE_LMDB", "USE_HDF5",
                      "USE_NCCL", "WITH_PYTHON_LAYER") and value == "1":
            defines.append(name)
    return Discovered("Makefile.config", _unique(includes), _unique(defines))
