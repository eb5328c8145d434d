"""Honest messages for translation units that fail because a header is missing: which
header, included from where, needed by which unit, and which Debian package provides it,
checked with dpkg (installed packages) and apt-file (all packages) where they exist. An
installed package is never advised: its header is off the include path, and the message
says which directory to add."""
from __future__ import annotations

import functools
import re
import shutil
import subprocess
from dataclasses import dataclass
from typing import List, Optional, Sequence

NOT_FOUND = re.compile(r"'([^']+)' file not found")


@dataclass
class MissingHeader:
    unit: str        # the translation unit that failed: src/caffe/net.cpp
    header: str      # as written in the #include: hdf5.h
    includer: str    # where: include/caffe/util/hdf5.hpp:6
    advice: str      # the package, and what to do

    def line(self) -> str:
        return (f"missing header, {self.unit} not parsed: {self.header} (included from "
                f"{self.includer}); {self.advice}")


@functools.lru_cache(maxsize=None)
def _dpkg_owner(header: str) -> Optional[tuple]:
    """(package, path) of an installed file ending in /header, or None."""
    if not shutil.which("dpkg"):
        return None
    proc = subprocess.run(["dpkg", "-S", f"*/{header}"], capture_output=True, text=True)
    for line in proc.stdout.splitlines():
        pkg, _, path = line.partition(": ")
        if path.endswith("/" + header) and path.startswith("/usr/include"):
            return pkg.split(":")[0].split(",")[0].strip(), path.strip()
    return None


@functools.lru_cache(maxsize=None)
def _apt_file_owner(header: str) -> Optional[str]:
    if not shutil.which("apt-file"):
        return None
    pattern = f"/include/(.*/)?{re.escape(header)}$"
    proc = subprocess.run(["apt-file", "search", "--regexp", pattern],
                          capture_output=True, text=True, timeout=60)
    pkgs = sorted({ln.split(":")[0] for ln in proc.stdout.splitlines() if ":" in ln})
    return pkgs[0] if pkgs else None


def advice(header: str) -> str:
    owner = _dpkg_owner(header)
    if owner:
        pkg, path = owner
        directory = path[:-(len(header) + 1)]
        return (f"{pkg} provides it and is installed, at {path}, off the include path: "
                f"give -I {directory}")
    pkg = _apt_file_owner(header)
    if pkg:
        return f"Debian package {pkg} provides it (apt-get install {pkg}), or give -I DIR"
    return ("no installed package provides it" +
            ("" if shutil.which("apt-file") else " (apt-file, not installed, would name one)")
            + "; install it or give -I DIR")


def find(units: Sequence) -> List[MissingHeader]:
    """One entry per unit that hit a missing header (its first)."""
    out = []
    for u in units:
        for d in u.diagnostics:
            m = NOT_FOUND.match(d.message)
            if m:
                out.append(MissingHeader(u.main_file, m.group(1), f"{d.file}:{d.line}",
                                         advice(m.group(1))))
                break
    return out
