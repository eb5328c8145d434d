"""The pair of driver builds that check and bench share: their work directory, the
transformed tree (given, or transformed there), the driver built against the original and
against the transformed tree, and the layer types the driver registers."""
from __future__ import annotations

import hashlib
import subprocess
from pathlib import Path
from typing import List, Optional, Sequence, Tuple

from . import apply, buildtree
from .errors import InputError
from .source_tree import cache_dir, input_dir


def default_work(root: Path) -> Path:
    key = hashlib.sha256(str(root).encode()).hexdigest()[:12]
    return cache_dir() / "check" / f"{root.name}-{key}"


def registered_types(exe: Path) -> List[str]:
    proc = subprocess.run([str(exe), "types"], capture_output=True, text=True,
                          env=buildtree.harness_env(1))
    return proc.stdout.split() if proc.returncode == 0 else []


def build_pair(root: Path, given: Optional[str], work: Path, analysis, deterministic: bool,
               jobs: int, say, mpi: bool = False,
               cmake: Sequence[str] = ()) -> Tuple[Path, Path, Path]:
    """The transformed tree (given, or transformed into the work directory; with mpi, with
    the process level) and the driver built against the original and against the
    transformed tree (OpenMP on; with mpi, also -DCGP_MPI=ON); `cmake`: the user's own
    options for both configures (buildtree.with_options)."""
    tag = "transformed-mpi" if mpi else "transformed"
    if given:
        transformed = input_dir(given)
    else:
        transformed = work / f"{tag}-tree"
        say(f"transforming{' with --mpi' if mpi else ''} into {transformed}")
        apply.transform(str(root), str(transformed), force=True, analysis=analysis,
                        deterministic=deterministic, format=True, mpi=mpi)
    if mpi and not (transformed / "include" / apply.MPI_RUNTIME_NAME).is_file():
        raise InputError(f"{transformed} was not transformed with --mpi "
                         f"(no include/{apply.MPI_RUNTIME_NAME})")
    say("building the original tree with the driver")
    original_exe = buildtree.build(root, work / "original",
                                   buildtree.with_options(buildtree.ORIGINAL, cmake), jobs,
                                   work / "logs" / "original.log", blame="original")
    say(f"building the transformed tree with the driver "
        f"({'-DCGP_MPI=ON' if mpi else 'OpenMP on'})")
    transformed_exe = buildtree.build(transformed, work / tag,
                                      buildtree.with_options(
                                          buildtree.MPI if mpi else buildtree.OPENMP, cmake),
                                      jobs, work / "logs" / f"{tag}.log")
    return transformed, original_exe, transformed_exe
