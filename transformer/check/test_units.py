"""A tree's C++ test files parsed with libclang, for test_sources, and what they say cached.

Each file parses with its tree's flags (source_tree: compile_commands.json, or the tree's
include directories and Caffe's defines) and with KeepGoing, so a missing header leaves the
rest of the AST. The tree is the nearest directory above the file with a src/ and an include/
or a build file beside it: the root `check` was given, whose own options (--compile-commands,
extra includes) do not reach here. A file outside any tree parses with the language flags and
builtin headers only. gtest's test macros have stand-ins (each defines a method TestBody, as
gtest's do) that gtest's own definitions replace wherever gtest is found.

Speed: the tree's test files include the same headers (gtest, caffe's blob, layer, filler,
test_caffe_main). Those that half of them include are precompiled once per tree and flags,
without their function bodies (only the test file's own code is read), and cached on disk
(parse.build_pch). The facts of each file are cached on disk too, keyed by a hash of its
content, its flags, the tree's headers and this code; the first file of a tree that misses the
cache has the tree's other test files that miss it parsed with it, in parallel. A file that
names no layer is not parsed at all.
"""
from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Tuple

from .. import builtin_headers, parse, source_tree
from ..errors import InputError
from ..lower_clang import _file_tokens
from .test_sources import Facts, read_unit

_HERE = Path(__file__).parent
_VERSION = hashlib.sha256(b"".join(
    p.read_bytes() for p in (_HERE / "test_units.py", _HERE / "test_sources.py",
                             _HERE.parent / "lower_clang.py"))).hexdigest()[:16]
_KEEP_GOING = 0x200  # CXTranslationUnit_KeepGoing: on past a fatal error (a missing header)
_LANGUAGE = ["-x", "c++", "-std=c++17", "-fopenmp", "-DCPU_ONLY", "-Wno-everything"]
_SYSTEM_INCLUDES = ["/usr/local/include", "/usr/include"]
_GTEST = "gtest/gtest.h"
# gtest's test macros, for a tree whose gtest is not found (a virtual file, -include'd).
_FALLBACK = ("/cgp-transform/gtest_fallback.hpp", """
#ifndef TEST_F
#define CGP_TEST_(fixture, name, base) \\
  class fixture##_##name##_Test : public base { void TestBody(); }; \\
  void fixture##_##name##_Test::TestBody()
#define TEST(suite, name) CGP_TEST_(suite, name, ::testing::Test)
#define TEST_F(fixture, name) CGP_TEST_(fixture, name, fixture)
#endif
#ifndef TYPED_TEST
#define TYPED_TEST(fixture, name) \\
  template <typename gtest_TypeParam_> \\
  class fixture##_##name##_Test : public fixture<gtest_TypeParam_> { \\
    typedef fixture<gtest_TypeParam_> TestFixture; \\
    typedef gtest_TypeParam_ TypeParam; \\
    void TestBody(); \\
  }; \\
  template <typename gtest_TypeParam_> \\
  void fixture##_##name##_Test<gtest_TypeParam_>::TestBody()
#define TYPED_TEST_CASE(fixture, types)
#define TYPED_TEST_SUITE(fixture, types)
#endif
""")


@dataclass
class _Tree:
    """The flags, header digest and precompiled prefixes of one tree's test files."""
    tree: Optional[source_tree.SourceTree]
    root: Optional[Path] = None
    digest: str = ""
    headers: List[str] = field(default_factory=list)  # to precompile
    prefixes: Dict[tuple, Optional[str]] = field(default_factory=dict)  # flags -> .pch
    batched: bool = False  # its uncached test files were parsed together once

    def args(self, path: Path) -> List[str]:
        if self.tree is None:
            return _LANGUAGE + [f"-I{path.parent}"] + builtin_headers.include_args()
        return list(self.tree.args_for(path))

    def prefix(self, args: List[str]) -> Optional[str]:
        """The precompiled prefix for these flags (built on first use), or None."""
        key = tuple(args)
        if key not in self.prefixes:
            self.prefixes[key] = None
            if self.headers:
                h = hashlib.sha256("\0".join(args + self.headers + [self.digest]).encode())
                h.update(_stamps(self.headers, _include_dirs(args)).encode())
                built = parse.build_pch(self.headers, args, "tests-" + h.hexdigest(), True)
                self.prefixes[key] = built[0] if built else None
        return self.prefixes[key]


_TREES: Dict[Path, _Tree] = {}


def _include_dirs(args: List[str]) -> List[str]:
    return [a[2:] for a in args if a.startswith("-I")]


def _stamps(headers: List[str], dirs: List[str]) -> str:
    """Each header's size and time (clang refuses a prefix whose headers changed)."""
    out = []
    for name in headers:
        for d in dirs + _SYSTEM_INCLUDES:
            p = Path(d) / name
            if p.is_file():
                st = p.stat()
                out.append(f"{p}:{st.st_mtime_ns}:{st.st_size}")
                break
    return "|".join(out)


def tree_root(path: Path) -> Optional[Path]:
    """The tree a test file belongs to: the nearest directory above it with a src/ and an
    include/ (or a CMakeLists.txt, a Makefile) beside it."""
    for d in path.parents:
        if (d / "src").is_dir() and ((d / "include").is_dir() or (d / "CMakeLists.txt").is_file()
                                     or (d / "Makefile").is_file()):
            return d
    return None


def _test_files(root: Path) -> List[Path]:
    """The tree's C++ files in test directories (those `check` reads)."""
    out = []
    for p in source_tree.walk(root):
        parts = p.relative_to(root).parts[:-1]
        if p.suffix == ".cpp" and "test" in parts and "docs" not in parts:
            out.append(p)
    return out


def _tree(path: Path) -> _Tree:
    root = tree_root(path)
    if root is None:
        return _Tree(None)
    if root not in _TREES:
        try:
            tree = source_tree.load(str(root))
        except InputError:
            _TREES[root] = _Tree(None)
            return _TREES[root]
        dirs = _include_dirs(tree.default_flags)
        headers = parse.common_headers(_test_files(root), dirs)
        if any(os.path.isfile(os.path.join(d, _GTEST)) for d in dirs + _SYSTEM_INCLUDES):
            headers = [_GTEST] + [h for h in headers if h != _GTEST]
        _TREES[root] = _Tree(tree, root, tree.digest(), headers)
    return _TREES[root]


def _parse(path: Path, args: List[str], prefix: Optional[str]) -> Optional[Facts]:
    """The file's facts, or None when libclang cannot parse it."""
    import clang.cindex as ci
    index = ci.Index.create()
    tail = ["-include", _FALLBACK[0]]
    for head in ([["-include-pch", prefix]] if prefix else []) + [[]]:
        try:
            tu = index.parse(str(path), args=args + head + tail, unsaved_files=[_FALLBACK],
                             options=_KEEP_GOING)
        except ci.TranslationUnitLoadError:
            continue
        if head and any(d.severity >= 4 and "precompiled" in d.spelling
                        for d in tu.diagnostics):
            continue  # a stale prefix: parse without it
        return read_unit(tu, str(path), _file_tokens(tu, str(path), path.read_bytes()))
    return None


def _parse_dict(path: str, args: List[str], prefix: Optional[str]) -> Optional[dict]:
    """_parse in a worker process."""
    facts = _parse(Path(path), args, prefix)
    return facts.to_dict() if facts is not None else None


def _entry(tree: _Tree, path: Path, args: List[str]) -> Optional[Path]:
    """Where the facts of the file are cached; None when it is unreadable, or says nothing
    of layers (no word `layer` in any case: no layer's construction, no net), which saves
    parsing the tests of blobs, solvers, utilities."""
    try:
        source = path.read_bytes()
    except OSError:
        return None
    if b"layer" not in source.lower():
        return None
    h = hashlib.sha256(_VERSION.encode() + source + str(path).encode())
    h.update("\0".join(args + [tree.digest]).encode())
    return source_tree.cache_dir() / "test-facts" / f"{h.hexdigest()}.json"


def _cached(entry: Path) -> Optional[Facts]:
    try:
        return Facts.from_dict(json.loads(entry.read_text()))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _store(entry: Path, data: dict) -> None:
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        tmp = entry.with_name(f"{entry.name}.tmp{os.getpid()}")
        tmp.write_text(json.dumps(data))
        os.replace(tmp, entry)
    except OSError:
        pass


def _parse_all(tree: _Tree, todo: List[Tuple[Path, List[str], Path]]) -> None:
    """Parse the files (each with its flags and cache entry) in parallel worker processes,
    the largest first, and cache their facts."""
    todo = sorted(todo, key=lambda t: -t[0].stat().st_size)
    jobs = [(str(f), args, tree.prefix(args)) for f, args, _ in todo]
    workers = min(len(jobs), os.cpu_count() or 1)
    pool = parse._Pool(workers) if workers > 1 else parse._Inline()
    try:
        futures = [pool.submit(_parse_dict, *job) for job in jobs]
        for (_, _, entry), fut in zip(todo, futures):
            data = fut.result()
            if data is not None:
                _store(entry, data)
    except BaseException:
        pool.shutdown(wait=True, cancel_futures=True)  # a worker finishes the file it holds
        raise
    pool.shutdown(wait=True)


def read(path: Path) -> Facts:
    """What the C++ test file at `path` says (no facts when it cannot be read or parsed).
    The first file of a tree not in the cache has the tree's other test files not in the
    cache parsed with it, in parallel."""
    path = path.resolve()
    tree = _tree(path)
    args = tree.args(path)
    entry = _entry(tree, path, args)
    if entry is None:
        return Facts()
    facts = _cached(entry)
    if facts is not None:
        return facts
    todo = [(path, args, entry)]
    if tree.root is not None and not tree.batched:
        tree.batched = True
        for f in _test_files(tree.root):
            if f != path:
                f_args = tree.args(f)
                f_entry = _entry(tree, f, f_args)
                if f_entry is not None and not f_entry.is_file():
                    todo.append((f, f_args, f_entry))
    _parse_all(tree, todo)
    return _cached(entry) or Facts()
