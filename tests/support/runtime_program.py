"""Build a small C++ program against the runtime header the tool emits (cgp_runtime.hpp),
with OpenMP and OpenBLAS, for the tests that run the runtime's splits directly."""
import subprocess
from pathlib import Path

from transformer.render import Renderer


def build_runtime_program(directory: Path, source: str) -> Path:
    (directory / "cgp_runtime.hpp").write_text(Renderer(None, {}).runtime_header())
    (directory / "main.cpp").write_text(source)
    exe = directory / "main"
    # --no-as-needed: a program may interpose a CBLAS function and reach OpenBLAS's own
    # through dlsym(RTLD_NEXT), which needs the library loaded
    r = subprocess.run(["g++", "-std=c++17", "-O1", "-fopenmp", f"-I{directory}",
                        str(directory / "main.cpp"), "-o", str(exe), "-Wl,--no-as-needed",
                        "-lopenblas", "-ldl"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return exe
