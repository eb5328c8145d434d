"""Clang's builtin headers for the libclang wheel, which ships none, and the one kind of error
they may raise that says nothing about the tree.

The headers come from a system clang's resource directory (the one of libclang's own major
version when the machine has it, else the newest) or the compiler's include directory. When
their version differs from libclang's, the bodies of some intrinsics (`_mm_adds_epi8` in
clang 14's `emmintrin.h`) call builtins the newer parser no longer knows. Any unit that
includes them (`boost/random.hpp`, SSE code) then parses with errors, though the tree's own
code, and every declaration the headers make, parse as they should: those errors are told
apart (`skewed`) and leave the unit whole.
"""
from __future__ import annotations

import glob
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import List, Optional

# A builtin header's path: .../lib/clang/<version>/include/<name>
_RESOURCE_HEADER = re.compile(r"/lib/clang/[^/]+/include/")
_UNKNOWN_BUILTIN = re.compile(r"^use of undeclared identifier '__builtin_\w+'$")


def libclang_major() -> Optional[str]:
    """The major version of the libclang wheel in use ('18'), None when it cannot be told."""
    try:
        from importlib.metadata import version
        return version("libclang").split(".")[0]
    except Exception:  # noqa: BLE001 - no wheel metadata (a system libclang)
        return None


def resource_dir(candidates: List[str], major: Optional[str]) -> Optional[str]:
    """Of clang resource directories (…/lib/clang/<version>), the one of libclang's major
    version, else the newest; None for none."""
    if not candidates:
        return None
    same = [c for c in candidates if major and Path(c).name.split(".")[0] == major]
    key = lambda c: [int(p) if p.isdigit() else 0 for p in Path(c).name.split(".")]  # noqa: E731
    return max(same or candidates, key=key)


def include_args() -> List[str]:
    """-resource-dir for libclang (CGP_RESOURCE_DIR, else a system clang's), else -isystem
    the compiler's include dir; [] when there is none."""
    env = os.environ.get("CGP_RESOURCE_DIR")
    if env:
        return ["-resource-dir", env]
    found = [str(Path(p).parent.parent)
             for p in glob.glob("/usr/lib/llvm-*/lib/clang/*/include/stddef.h")]
    chosen = resource_dir(found, libclang_major())
    if chosen:
        return ["-resource-dir", chosen]
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


def skewed(path: str, message: str) -> bool:
    """An error inside a builtin header's own code that only says its intrinsics were written
    for another clang: a builtin the parser does not know, used in the body of an inline
    intrinsic. The intrinsic is still declared, so code that calls it parses; the tree's
    analysis never follows into system headers (a call there is an unknown call)."""
    return bool(_RESOURCE_HEADER.search(path.replace(os.sep, "/"))) and \
        bool(_UNKNOWN_BUILTIN.match(message))
