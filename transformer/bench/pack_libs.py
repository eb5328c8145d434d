"""The shared libraries of the packed drivers (issue 24): what `ldd` lists for each driver,
copied beside it (libraries both drivers load from the same file into lib/, the others, such
as each build's own libcaffe.so, into the driver's own directory), the dynamic loader among
them, stripped where that makes them smaller, and the folder's size checked.

The packed run starts every driver as `lib/ld-linux-x86-64.so.2 --library-path
bin/BUILD:lib bin/BUILD/cgp_harness ...`: the libraries come from the folder, never from the
machine it runs on. `verify` asks that loader (`--list`) where each library resolves from and
refuses a folder where any resolves from outside it.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional

from ..errors import CheckFailure, InputError

MAX_BYTES = 60_000_000  # the folder's bound: 60 MB
_ARROW = re.compile(r"^\s*(?P<name>\S+)\s+=>\s+(?P<path>.*?)\s*(?:\(0x[0-9a-f]+\))?\s*$")
_PLAIN = re.compile(r"^\s*(?P<path>/\S+)\s+\(0x[0-9a-f]+\)\s*$")


@dataclass(frozen=True)
class Library:
    name: str            # the name the loader looks for (soname, or the loader's file name)
    path: Optional[Path]  # where ldd found it; None: not found
    loader: bool = False  # the dynamic loader itself (listed by ldd without "=>")


def parse_ldd(text: str) -> List[Library]:
    """ldd's output as libraries, in its order; the vDSO (no file) is left out."""
    out: List[Library] = []
    for line in text.splitlines():
        m = _ARROW.match(line)
        if m:
            path = m["path"].strip()
            if path == "not found":
                out.append(Library(m["name"], None))
            elif path:
                out.append(Library(m["name"], Path(path)))
            continue
        m = _PLAIN.match(line)
        if m:
            path = Path(m["path"])
            out.append(Library(path.name, path, loader=True))
    return out


def libraries(exe: Path) -> List[Library]:
    """The libraries `ldd` lists for exe; an error names any that is not found."""
    proc = subprocess.run(["ldd", str(exe)], capture_output=True, text=True)
    if proc.returncode != 0:
        raise CheckFailure(f"ldd {exe} failed: {(proc.stderr or proc.stdout).strip()[:200]}")
    libs = parse_ldd(proc.stdout)
    missing = [lib.name for lib in libs if lib.path is None]
    if missing:
        raise CheckFailure(f"{exe} needs libraries this machine lacks: {', '.join(missing)}")
    if not any(lib.loader for lib in libs):
        raise CheckFailure(f"ldd names no dynamic loader for {exe}: is it a dynamic executable?")
    return libs


def placement(per_exe: Dict[str, List[Library]]) -> Dict[str, Dict[str, Path]]:
    """Where each library goes: the driver's own key where the drivers load one name from
    different files (each build's libcaffe.so), else "lib". {destination: {name: file}}."""
    real: Dict[str, Dict[str, Path]] = {
        key: {lib.name: lib.path.resolve() for lib in libs if lib.path is not None}
        for key, libs in per_exe.items()}
    out: Dict[str, Dict[str, Path]] = {"lib": {}}
    for key, libs in real.items():
        for name, path in libs.items():
            shared = all(other.get(name, path) == path for other in real.values())
            out.setdefault("lib" if shared else key, {})[name] = path
    return out


def loader_name(per_exe: Dict[str, List[Library]]) -> str:
    """The dynamic loader's file name (ld-linux-x86-64.so.2 on x86-64), one for all drivers."""
    names = {lib.name for libs in per_exe.values() for lib in libs if lib.loader}
    if len(names) != 1:
        raise CheckFailure(f"the drivers name different dynamic loaders: {sorted(names)}")
    return names.pop()


def strip(path: Path) -> bool:
    """Strip a copied file's unneeded symbols when `strip` exists and it makes the file
    smaller; the loader is never stripped. True when the file changed."""
    exe = shutil.which("strip")
    if exe is None:
        return False
    trial = path.with_name(path.name + ".strip")
    proc = subprocess.run([exe, "--strip-unneeded", "-o", str(trial), str(path)],
                          capture_output=True)
    if proc.returncode != 0 or not trial.is_file() or \
            trial.stat().st_size >= path.stat().st_size:
        trial.unlink(missing_ok=True)
        return False
    os.chmod(trial, path.stat().st_mode)
    trial.replace(path)
    return True


def copy_libraries(per_exe: Dict[str, List[Library]], dest: Path, loader: str) -> Dict[str, list]:
    """Copy every library into dest/lib or dest/bin/KEY (see placement), stripping all but the
    loader; {destination: [names]}."""
    out: Dict[str, list] = {}
    for where, libs in placement(per_exe).items():
        folder = dest / "lib" if where == "lib" else dest / "bin" / where
        folder.mkdir(parents=True, exist_ok=True)
        for name, source in sorted(libs.items()):
            target = folder / name
            shutil.copyfile(source, target)
            os.chmod(target, 0o755)
            if name != loader:
                strip(target)
            out.setdefault(where, []).append(name)
    return out


def folder_bytes(folder: Path) -> int:
    """The bytes of every file under folder (links not followed)."""
    total = 0
    for dirpath, _dirs, files in os.walk(folder):
        for name in files:
            path = Path(dirpath) / name
            if not path.is_symlink():
                total += path.stat().st_size
    return total


def check_size(folder: Path, limit: int = MAX_BYTES) -> int:
    """The folder's bytes; an InputError when they are over the limit."""
    size = folder_bytes(folder)
    if size > limit:
        raise InputError(f"the packed folder {folder} holds {size / 1e6:.1f} MB, over the "
                         f"{limit / 1e6:.0f} MB bound")
    return size


def loader_command(pack: Path, loader: str, build: str) -> List[str]:
    """How the packed run starts a driver: the folder's loader, the folder's libraries."""
    return [str(pack / "lib" / loader), "--library-path",
            f"{pack / 'bin' / build}:{pack / 'lib'}", str(pack / "bin" / build / "cgp_harness")]


def verify(pack: Path, loader: str, builds: List[str]) -> None:
    """Every library of every packed driver resolves from inside the folder (asked of the
    packed loader with --list); a CheckFailure names the first that does not."""
    root = pack.resolve()
    for build in builds:
        cmd = loader_command(root, loader, build)
        proc = subprocess.run([cmd[0], "--list", *cmd[1:]], capture_output=True, text=True,
                              env={"PATH": os.environ.get("PATH", "/usr/bin:/bin")})
        if proc.returncode != 0:
            raise CheckFailure(f"the packed {build} driver does not load: "
                               f"{(proc.stderr or proc.stdout).strip()[:200]}")
        for lib in parse_ldd(proc.stdout):
            if lib.path is None:
                raise CheckFailure(f"the packed {build} driver lacks {lib.name}")
            if root not in lib.path.resolve().parents:
                raise CheckFailure(f"the packed {build} driver loads {lib.name} from "
                                   f"{lib.path}, outside the folder")
