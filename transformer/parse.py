"""Parse scheduling: which translation units to parse, with which flags and precompiled
prefix, in which worker process, and the on-disk cache of their IR.

Units are parsed in parallel worker processes and cached on disk by a hash of their inputs.
The headers most units include are precompiled twice, side by side in the same workers:
whole, and without function bodies for the units that lower none of them (see _Batch).
Each worker parses its unit with libclang and hands it to `lower` for the IR.
"""
from __future__ import annotations

import gc
import hashlib
import itertools
import json
import os
import re
import signal
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import asdict, replace
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

from .ir import Node, UnitIR
from .lower import (
    last_identifier,  # noqa: F401 - re-exported (it lived here)
    lower_unit,
    tree_relative,
)

# Cached units are invalidated whenever the lowering or scheduling code changes.
_HERE = Path(__file__).parent
CACHE_VERSION = hashlib.sha256(b"".join((_HERE / name).read_bytes() for name in
                                        ("parse.py", "lower.py", "lower_nodes.py",
                                         "lower_clang.py", "lower_constants.py",
                                         "lower_origin.py", "ir.py", "builtin_headers.py"))
                               ).hexdigest()[:16]
# CXTranslationUnit_KeepGoing: keep parsing after a fatal error such as a missing header.
_KEEP_GOING = 0x200
# CXTranslationUnit_SkipFunctionBodies: declarations only (for the "decls" prefix).
_SKIP_FUNCTION_BODIES = 0x40


def _node_dict(node: Node) -> dict:
    data = dict(node.__dict__)
    data["children"] = [_node_dict(c) for c in node.children]
    return data


def _unit_dict(unit: UnitIR) -> dict:
    """unit.to_dict() (dataclasses.asdict) without its generic deep copy of every Node."""
    data = replace(unit, functions=[]).to_dict()
    data["functions"] = [dict(asdict(replace(f, body=None)),
                              body=_node_dict(f.body) if f.body is not None else None)
                         for f in unit.functions]
    return data


def parse_unit(path: str, root: str, args: Sequence[str], skip_bodies: Sequence[str] = ()) -> dict:
    """Parse one file and return its UnitIR as a dict (runs in a worker process). Function
    bodies in the headers listed in skip_bodies are lowered by another unit."""
    import clang.cindex as ci
    root_p = Path(root).resolve()
    index = ci.Index.create()
    try:
        tu = index.parse(path, args=list(args), options=_KEEP_GOING)
    except ci.TranslationUnitLoadError:
        if "-include-pch" not in args:
            raise
        # a stale precompiled prefix (a header touched since): parse without it
        i = list(args).index("-include-pch")
        plain = list(args[:i]) + list(args[i + 2:])
        tu = index.parse(path, args=plain, options=_KEEP_GOING)
    rel = tree_relative(path, root_p) or path
    with _no_gc():
        return _unit_dict(lower_unit(tu, root_p, rel, set(skip_bodies)))


@contextmanager
def _no_gc():
    """Lowering allocates many objects and no garbage cycles, so the cycle collector's passes
    over them (a fifth of the time) find nothing."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _cache_dir() -> Path:
    from .source_tree import cache_dir
    return cache_dir()


def _cache_key(path: Path, args: Sequence[str], tree_digest: str) -> str:
    h = hashlib.sha256()
    h.update(CACHE_VERSION.encode())
    h.update(path.read_bytes())
    h.update(str(path.resolve()).encode())
    h.update("\0".join(args).encode())
    h.update(tree_digest.encode())
    return h.hexdigest()


_INCLUDE_RE = re.compile(rb'^\s*#\s*include\s+"([^"]+)"', re.M)


def include_closure(files: Sequence[Path],
                    include_dirs: Sequence[str]) -> Dict[Path, Dict[str, Path]]:
    """For each file, the in-tree headers it includes directly or through other headers
    (include spelling -> resolved path), found by scanning #include lines."""
    direct: Dict[Path, List[str]] = {}

    def includes_of(path: Path) -> List[str]:
        if path not in direct:
            try:
                text = path.read_bytes()
            except OSError:
                text = b""
            direct[path] = [m.group(1).decode("utf-8", "replace")
                            for m in _INCLUDE_RE.finditer(text)]
        return direct[path]

    resolved: Dict[str, Optional[Path]] = {}

    def resolve(name: str) -> Optional[Path]:
        if name not in resolved:
            resolved[name] = next((Path(d) / name for d in include_dirs
                                   if (Path(d) / name).is_file()), None)
        return resolved[name]

    out: Dict[Path, Dict[str, Path]] = {}
    for f in files:
        seen: Dict[str, Path] = {}
        todo = [f]
        while todo:
            for name in includes_of(todo.pop()):
                if name in seen:
                    continue
                path = resolve(name)
                if path is not None:
                    seen[name] = path
                    todo.append(path)
        out[f] = seen
    return out


def common_headers(files: Sequence[Path], include_dirs: Sequence[str]) -> List[str]:
    """In-tree headers that at least half the files include, directly or through other
    headers: the content of the precompiled prefix."""
    counts: Dict[str, int] = {}
    for seen in include_closure(files, include_dirs).values():
        for name in seen:
            counts[name] = counts.get(name, 0) + 1
    chosen = [n for n, c in counts.items() if c * 2 >= len(files)]
    return sorted(chosen, key=lambda n: (-counts[n], n))


def header_owners(files: Sequence[Path], include_dirs: Sequence[str],
                  root: Path) -> Dict[Path, List[str]]:
    """Each in-tree header's function bodies are lowered in one unit only: the first file
    (in path order) that includes it. Returns, per file, the headers it must skip."""
    closure = include_closure(files, include_dirs)
    owner: Dict[str, Path] = {}
    for f in sorted(files):
        for path in closure[f].values():
            rel = tree_relative(str(path), root)
            if rel is not None:
                owner.setdefault(rel, f)
    skip: Dict[Path, List[str]] = {}
    for f in files:
        rels = {tree_relative(str(p), root) for p in closure[f].values()}
        skip[f] = sorted(r for r in rels if r is not None and owner.get(r) != f)
    return skip


def _header_stamps(headers: Sequence[str], include_dirs: Sequence[str]) -> str:
    out = []
    for h in headers:
        for d in include_dirs:
            p = Path(d) / h
            if p.is_file():
                st = p.stat()
                out.append(f"{p}:{st.st_mtime_ns}:{st.st_size}")
                break
    return "|".join(out)


def _write_atomic(path: Path, text: str) -> None:
    tmp = path.with_name(f"{path.name}.tmp{os.getpid()}")
    tmp.write_text(text)
    os.replace(tmp, path)


def build_pch(headers: Sequence[str], args: Sequence[str], key: str,
              skip_bodies: bool = False) -> Optional[Tuple[str, List[str]]]:
    """Precompile the common headers once (cached): the .pch and the files it includes, or
    None when that fails. With skip_bodies the headers' function bodies are left out: it
    builds in half the time, and a unit that lowers none of those bodies parses several times
    faster with it (no instantiation of the bodies' templates)."""
    if not headers:
        return None
    cache = _cache_dir()
    stem = f"prefix-{key[:32]}" + ("-decls" if skip_bodies else "")
    pch, listing = cache / f"{stem}.pch", cache / f"{stem}.files"
    if pch.exists():
        try:
            return str(pch), json.loads(listing.read_text())
        except (OSError, ValueError):
            pass  # no listing (an older cache): build it again
    try:
        import clang.cindex as ci
        cache.mkdir(parents=True, exist_ok=True)
        prefix = cache / f"{stem}.hpp"
        _write_atomic(prefix, "".join(f'#include "{h}"\n' for h in headers))
        options = _KEEP_GOING | (_SKIP_FUNCTION_BODIES if skip_bodies else 0)
        tu = ci.Index.create().parse(str(prefix), args=list(args), options=options)
        # any error, even one builtin_headers.skewed ignores in a unit: clang refuses to load a
        # precompiled header that was built with errors
        if any(d.severity >= 3 for d in tu.diagnostics):
            return None
        files = sorted({inc.include.name for inc in tu.get_includes()})
        _write_atomic(listing, json.dumps(files))
        tmp = cache / f"{stem}.pch.tmp{os.getpid()}"
        tu.save(str(tmp))
        os.replace(tmp, pch)
        return str(pch), files
    except Exception:  # noqa: BLE001 - a PCH is only an optimization
        return None


class _Pool(ProcessPoolExecutor):
    """Worker processes that leave Ctrl-C to the main process, which cancels what is queued:
    a worker interrupted while starting or waiting for work would print a traceback.
    Workers are started inside submit(); SIGINT is blocked there, so a worker is born with
    it blocked and ignores it (dropping one already pending) before it unblocks it."""

    def __init__(self, max_workers: int):
        super().__init__(max_workers=max_workers, initializer=_worker_init)

    def submit(self, fn, /, *args, **kwargs):
        old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            return super().submit(fn, *args, **kwargs)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _worker_init() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


class _Inline:
    """An executor that runs each call at once, in this process (one job)."""

    def submit(self, fn, *args) -> Future:
        fut: Future = Future()
        try:
            fut.set_result(fn(*args))
        except Exception as e:  # noqa: BLE001 - raised again by fut.result()
            fut.set_exception(e)
        return fut

    def shutdown(self, wait=True, cancel_futures=False):
        pass


_PENDING = "pending"


class _FlagSet:
    """The units to parse with one set of flags, and what is known of their prefixes."""

    def __init__(self):
        self.waiting: List[tuple] = []  # units whose prefix is not decided yet
        self.prefix: Dict[str, object] = {}  # "full" / "decls" -> build_pch's result
        self.held: List[tuple] = []  # (unit, data) parsed with "decls", not final yet
        self.open_full = 0  # units queued or running with the complete prefix
        self.suspect = False  # one of those had an error located in the prefix's files


class _Batch:
    """Runs the parse of the units to do on an executor, `slots` calls at a time.

    Per flag set, two precompiled prefixes of the common headers are built first, side by
    side: the complete one (what every unit parsed with before) and one without function
    bodies ("decls"). A unit that lowers no function body of the in-tree headers in the
    prefix (other units own them all) parses with the second, which gives the same IR in a
    fraction of the time. Its result is kept only once the complete prefix has built and the
    units parsed with it are done: when the complete prefix fails, every unit parses without
    one, and when those units report an error inside the prefix's headers (a template body
    that does not instantiate), every unit parses with the complete prefix, as before.
    """

    def __init__(self, pool, slots: int, root: Path, skips: Dict[Path, List[str]]):
        self.pool, self.slots, self.root, self.skips = pool, slots, root, skips
        self.queue: List[tuple] = []  # (rank, seq, fn, args, what)
        self.running: Dict[Future, tuple] = {}
        self.sets: Dict[tuple, _FlagSet] = {}
        self.seq = itertools.count()  # first queued, first run among equals

    def _push(self, rank: tuple, fn, args: tuple, what: tuple) -> None:
        self.queue.append((rank, next(self.seq), fn, args, what))

    def _push_unit(self, unit: tuple, variant: Optional[str]) -> None:
        f, args, _ = unit
        fs = self.sets[tuple(args)]
        prefix = fs.prefix[variant] if variant else None
        fs.open_full += variant == "full"
        try:
            size = f.stat().st_size
        except OSError:
            size = 0
        order = {None: 0, "full": 1, "decls": 2}[variant]  # slow parses first
        self._push((1, order, -size), parse_unit,
                   (str(f), str(self.root), args + ["-include-pch", prefix[0]] if prefix else args,
                    self.skips[f]), ("unit", unit, variant))

    def _in_tree(self, names: Sequence[str]) -> set:
        return {tree_relative(name, self.root) for name in names} - {None}

    def _place(self, fs: _FlagSet) -> None:
        """Queue the units whose prefix is decided."""
        full, decls = fs.prefix.get("full", _PENDING), fs.prefix.get("decls", _PENDING)
        still = []
        for unit in fs.waiting:
            if full is None:
                self._push_unit(unit, None)
            elif decls not in (_PENDING, None) and not fs.suspect and \
                    self._in_tree(decls[1]) <= set(self.skips[unit[0]]):
                self._push_unit(unit, "decls")
            elif decls is not _PENDING and full is not _PENDING:
                self._push_unit(unit, "full")
            else:
                still.append(unit)
        fs.waiting = still

    def _settle(self, fs: _FlagSet):
        """Yields the held results that are final; queues the others again."""
        full = fs.prefix.get("full", _PENDING)
        if full is _PENDING or fs.waiting or fs.open_full or not fs.held:
            return
        held, fs.held = fs.held, []
        for unit, data in held:
            if full is None:
                self._push_unit(unit, None)
            elif fs.suspect:
                self._push_unit(unit, "full")
            else:
                yield unit, data

    def _finished(self, what: tuple, result):
        if what[0] == "pch":
            _, flags, variant = what
            fs = self.sets[flags]
            fs.prefix[variant] = result
            self._place(fs)
        else:
            _, unit, variant = what
            fs = self.sets[tuple(unit[1])]
            if variant == "full":
                fs.open_full -= 1
                files = {tree_relative(n, self.root) or n for n in fs.prefix["full"][1]}
                fs.suspect |= any(d["file"] in files for d in result["diagnostics"])
            if variant == "decls":
                fs.held.append((unit, result))
            else:
                yield unit, result
        yield from self._settle(fs)

    def run(self, todo, headers: Sequence[str], include_dirs: Sequence[str], tree_digest: str):
        """Yields (unit, data) for each unit of todo as its result becomes final."""
        for unit in todo:
            self.sets.setdefault(tuple(unit[1]), _FlagSet()).waiting.append(unit)
        stamps = _header_stamps(headers, include_dirs)  # clang checks them too
        for flags, fs in self.sets.items():
            digest = hashlib.sha256(("\0".join(flags) + tree_digest + "|".join(headers) +
                                     stamps).encode()).hexdigest()
            for variant in ("decls", "full"):
                if headers:
                    self._push((0,), build_pch, (headers, list(flags), digest,
                                                 variant == "decls"), ("pch", flags, variant))
                else:
                    fs.prefix[variant] = None
            self._place(fs)
        while self.queue or self.running:
            self._submit()
            done, _ = wait(list(self.running), return_when=FIRST_COMPLETED)
            final = []
            for fut in sorted(done, key=lambda d: self.running[d][0] != "pch"):
                final += self._finished(self.running.pop(fut), fut.result())
            self._submit()  # before the caller stores the results: no worker waits on that
            yield from final

    def _submit(self) -> None:
        """Keep every worker busy, with one call more waiting, in the order of the queue."""
        self.queue.sort(key=lambda q: q[:2])
        while self.queue and len(self.running) < self.slots + 1:
            _, _, fn, args, what = self.queue.pop(0)
            self.running[self.pool.submit(fn, *args)] = what


def parse_files(files: Sequence[Path], root: Path, args_for, tree_digest: str,
                jobs: Optional[int] = None, progress=None) -> List[UnitIR]:
    """Parse many files in parallel, reusing cached results keyed by content hash.

    args_for(path) gives the compiler arguments of one file; tree_digest covers every header
    in the tree, so an edited header invalidates the units that may include it.
    """
    cache = _cache_dir()
    results: Dict[Path, UnitIR] = {}
    todo: List[Tuple[Path, List[str], Path]] = []
    all_dirs = sorted({a[2:] for f in files for a in args_for(f) if a.startswith("-I")})
    skips = header_owners(files, all_dirs, root)
    for f in files:
        args = list(args_for(f))
        entry = cache / (_cache_key(f, args + ["skip:"] + skips[f], tree_digest) + ".json")
        if entry.exists():
            try:
                results[f] = UnitIR.from_dict(json.loads(entry.read_text()))
                if progress:
                    progress()
                continue
            except (ValueError, KeyError, TypeError):
                pass
        todo.append((f, args, entry))
    if todo:
        include_dirs = sorted({a[2:] for _, args, _ in todo for a in args if a.startswith("-I")})
        headers = common_headers([f for f, _, _ in todo], include_dirs)
        # one more worker than units: the two prefixes build side by side
        workers = jobs or min(len(todo) + 1, os.cpu_count() or 1)
        pool = _Pool(workers) if workers > 1 else _Inline()
        try:
            with _no_gc():
                batch = _Batch(pool, max(workers, 1), root, skips)
                for (f, _, entry), data in batch.run(todo, headers, include_dirs, tree_digest):
                    results[f] = _store(entry, data)
                    if progress:
                        progress()
        except BaseException:
            # Ctrl-C (or an error): drop the queued units; a worker finishes the one it holds
            pool.shutdown(wait=True, cancel_futures=True)
            raise
        pool.shutdown(wait=True)
    return [results[f] for f in files]


def _store(entry: Path, data: dict) -> UnitIR:
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        tmp = entry.with_suffix(".tmp%d" % os.getpid())
        tmp.write_text(json.dumps(data))
        os.replace(tmp, entry)
    except OSError:
        pass
    return UnitIR.from_dict(data)
