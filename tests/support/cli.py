"""Running the tool as its users do: `python -m transformer ...` from the project root."""
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def cgp(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "transformer", *map(str, args)], cwd=cwd,
                          capture_output=True, text=True)


def small_fixtures(dest: Path, keep=("conv_layers.cpp", "rng_layers.cpp")) -> Path:
    """A copy of fixtures/ with its headers, helpers and only the layer files `keep`, for
    tests of the command line rather than of the analysis (test_fixtures and test_golden
    read every fixture): each run of the tool on it takes seconds, not a minute."""
    src = ROOT / "fixtures"
    shutil.copytree(src, dest, ignore=lambda d, names: [
        n for n in names if n.endswith(".expected.cpp") or
        Path(d) == src and n.endswith("_layers.cpp") and n not in keep])
    assert sorted(p.name for p in dest.glob("*_layers.cpp")) == sorted(keep)
    return dest
