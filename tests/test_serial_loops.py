"""docs/SERIAL_LOOPS.md lists every loop over the samples that caffe_src leaves serial: a
loop that becomes serial, or parallel, must be accounted for there."""
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KINDS = ("batch-loop", "elementwise", "batch-blas", "elementwise-call")


def test_every_serial_loop_of_caffe_src_is_in_the_table(tmp_path):
    out = tmp_path / "a.json"
    r = subprocess.run([sys.executable, "-m", "transformer", "analyze", "caffe_src", "--json",
                        str(out), "--quiet"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    rows = [d for d in json.loads(out.read_text())["loops"]
            if d["decision"] != "parallel" and (d["kind"] in KINDS or d["reason"] == "rng")]
    page = (ROOT / "docs" / "SERIAL_LOOPS.md").read_text()
    section = page.split("## caffe_src", 1)[1]
    listed = {ln.split("`")[1] for ln in section.splitlines() if ln.startswith("| `")}
    found = {f"{Path(d['file']).name}:{d['line']}" for d in rows}
    assert found == listed, (found, listed)
