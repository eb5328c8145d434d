"""Running the tool as its users do: `python -m transformer ...` from the project root."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def cgp(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "transformer", *map(str, args)], cwd=cwd,
                          capture_output=True, text=True)
