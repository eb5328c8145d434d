"""The analyze pipeline: tree -> parsed units -> facts -> decisions -> report data."""
from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Sequence

from . import parse, source_tree
from .errors import InputError
from .facts.classes import Program
from .facts.loops import collect, collect_outside_layers
from .plan import Decision, decide


@dataclass
class Analysis:
    root: Path
    decisions: List[Decision]
    layers: List[str]
    notes: List[str]
    diagnostics: List[dict]
    degraded_files: List[str]
    seconds: float = 0.0
    program: Optional[Program] = None  # the IR behind the decisions (not serialized)
    sources: Dict[str, bytes] = field(default_factory=dict)
    error_files: List[str] = field(default_factory=list)  # files with syntax errors

    def to_json(self) -> dict:
        rows = [d.to_json() for d in self.decisions]
        return {
            "root": str(self.root),
            "loops": rows,
            "summary": {
                "layers": len(self.layers),
                "parallel": sum(d.decision == "parallel" for d in self.decisions),
                "rejected": sum(d.decision == "rejected" for d in self.decisions),
                "degraded": sum(d.degraded for d in self.decisions),
            },
            "layers": self.layers,
            "notes": self.notes,
            "diagnostics": self.diagnostics,
            "degraded_files": self.degraded_files,
            "error_files": self.error_files,
            "seconds": round(self.seconds, 2),
        }


def run(path: str, compile_commands: Optional[str] = None, includes: Sequence[str] = (),
        defines: Sequence[str] = (), jobs: Optional[int] = None, progress=None) -> Analysis:
    t0 = time.time()
    tree = source_tree.load(path, compile_commands, includes, defines)
    files = tree.sources + [h for h in tree.headers if _has_definitions(h)]
    units = parse.parse_files(files, tree.root, tree.args_for, tree.digest(), jobs=jobs,
                              progress=progress)
    program = Program.from_units(units)
    layers = program.layer_classes()
    if not layers:
        raise InputError(f"no layer classes (classes deriving from Layer<Dtype>) under {path}")
    sources: Dict[str, bytes] = {}
    decisions: List[Decision] = []
    for cls in layers:
        for fn_list in program.functions.values():
            for fn in fn_list:
                if fn.file not in sources:
                    sources[fn.file] = (tree.root / fn.file).read_bytes()
        for f in collect(program, cls, sources):
            decisions.append(decide(f, live_in=_live_in(f)))
    decisions += [decide(f) for f in collect_outside_layers(program)]
    decisions.sort(key=lambda d: (d.file, d.line, d.cls))
    diags = []
    seen = set()
    for u in units:
        for dg in u.diagnostics:
            key = (dg.file, dg.line, dg.message)
            if key not in seen:
                seen.add(key)
                diags.append({"file": dg.file, "line": dg.line, "severity": dg.severity,
                              "message": dg.message})
    notes = list(tree.notes) + _missing_header_notes(diags)
    error_files = sorted({d["file"] for d in diags if d["severity"] == "error" and
                          not d["file"].startswith("/") and
                          any(d["file"] == u.main_file for u in units)})
    return Analysis(root=tree.root, decisions=decisions, layers=layers, notes=notes,
                    diagnostics=diags, degraded_files=sorted(program.degraded_files),
                    seconds=time.time() - t0, program=program, sources=sources,
                    error_files=error_files)


# Where the headers that Caffe trees commonly include come from on Debian.
_HEADER_PACKAGES = {"boost/": "libboost-dev", "glog/": "libgoogle-glog-dev",
                    "gflags/": "libgflags-dev", "hdf5": "libhdf5-dev", "H5": "libhdf5-dev",
                    "lmdb.h": "liblmdb-dev", "leveldb/": "libleveldb-dev",
                    "opencv2/": "libopencv-dev", "cblas.h": "libopenblas-dev",
                    "google/protobuf/": "libprotobuf-dev", "cuda": "(a CUDA toolkit, or -DCPU_ONLY)"}


def _missing_header_notes(diags: List[dict]) -> List[str]:
    """One note naming every header that could not be found, and where to get it."""
    missing: Dict[str, int] = {}
    for d in diags:
        m = re.match(r"'([^']+)' file not found", d["message"])
        if m:
            missing[m.group(1)] = missing.get(m.group(1), 0) + 1
    if not missing:
        return []
    pkgs = sorted({pkg for h in missing for key, pkg in _HEADER_PACKAGES.items() if key in h})
    text = "missing headers: " + ", ".join(f"{h} ({n} places)" for h, n in sorted(missing.items()))
    text += "; the affected results are marked degraded. Install them"
    text += f" (Debian: apt-get install {' '.join(pkgs)})" if pkgs else ""
    text += " or point to them with -I DIR"
    return [text]


def _has_definitions(header: Path) -> bool:
    """Headers parsed on their own only when they define layer methods out of line."""
    try:
        text = header.read_bytes()
    except OSError:
        return False
    return b"_cpu(" in text and b"::" in text and b"{" in text and b"template" in text \
        and b"Layer<Dtype>::" in text


def _live_in(f) -> set:
    """Scratch blobs that hold values before the loop starts: written before it."""
    return set(f.effects.live_in) if f.effects is not None else set()
