"""Golden rewritten fixtures: fixtures/NAME.expected.cpp is what the tool makes of NAME.cpp.

Regenerate them after an intended change of the rewrite with:
    python3 tests/golden.py
"""
from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path
from typing import Optional

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures"
sys.path.insert(0, str(ROOT))


def sources():
    return sorted(p for p in FIXTURES.glob("*.cpp") if not p.name.endswith(".expected.cpp"))


def expected_path(src: Path) -> Path:
    return src.with_name(src.stem + ".expected.cpp")


FORMATTER = "clang-format-14"  # the version the golden files are formatted with


def copy_fixtures(dest: Path) -> Path:
    """A copy of fixtures/ without the golden files, as a tree to analyze or transform."""
    shutil.copytree(FIXTURES, dest, ignore=shutil.ignore_patterns("*.expected.cpp"))
    return dest


def render_all(work: Path, tree: Optional[Path] = None, analysis=None) -> Path:
    """Transform a copy of fixtures/ (`tree`, with its `analysis` when given) into work/out,
    formatted as users get it (with clang-format-14, the version the tool prefers: another
    version formats differently), and return that directory."""
    from transformer import apply
    if shutil.which(FORMATTER) is None:
        raise RuntimeError(f"the golden files need {FORMATTER} (scripts/setup.sh installs it)")
    tree = tree or copy_fixtures(work / "fixtures")
    out = work / "out"
    res = apply.transform(str(tree), str(out), analysis=analysis)
    if res.format_problems:
        raise RuntimeError("; ".join(res.format_problems))
    return out


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = render_all(Path(tmp))
        for src in sources():
            expected_path(src).write_bytes((out / src.name).read_bytes())
            print("wrote", expected_path(src).relative_to(ROOT))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
