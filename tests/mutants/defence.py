"""The second line of defence: with the analysis bypassed, does `check` catch the mutants?

A test-only switch, never a CLI flag: this driver builds a copy of caffe_src with every
mutant of tests/mutants as a layer of its own, analyzes it, FORCES a parallel plan on each
unsafe mutant's rejected loop (the plan a naive parallelizer would make: whatever memory,
scalar, accessor and induction plan can be built, nothing where it cannot), writes the
transformed tree with those regions, and runs `cgp-transform check` on the mutant types.
A mutant is killed when check reports its type failed (equivalence, race, or a case that
runs in the original but not in the transformed build).

    python3 tests/mutants/defence.py --work DIR [--json FILE] [--threads 1,2,3]

prints `check kills K/N unsafe mutants (P%)` and every survivor.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Dict, List

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

import campaign  # noqa: E402

from transformer import analyze, apply, plan, source_tree  # noqa: E402
from transformer.facts.loops import collect  # noqa: E402

PARAM = re.compile(r"//\s*CGP-MUTANT-PARAM:\s*(.*)$", re.M)
REGISTER = re.compile(r"REGISTER_LAYER_CLASS\((\w+)\)")


def build_tree(dest: Path, files: List[Path]) -> Path:
    """caffe_src with the mutants as layers; a mutant's `// CGP-MUTANT-PARAM:` settings go
    into a prototxt of the tree, where check finds the layer settings it tries."""
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(ROOT / "caffe_src", dest)
    nets = dest / "examples" / "mutants"
    nets.mkdir(parents=True)
    for f in files:
        shutil.copy(f, dest / "src" / "caffe" / "layers" / f.name)
        text = f.read_text()
        for setting in PARAM.findall(text):
            for t in REGISTER.findall(text):
                (nets / f"{t}.prototxt").write_text(
                    f'name: "{t}"\nlayer {{\n  name: "m" type: "{t}" bottom: "data" '
                    f'top: "out"\n  {setting}\n}}\n')
    return dest


def unlinkable(log: Path, files: List[Path]) -> List[Path]:
    """Mutants that name a function the link cannot find (declared, with no body anywhere:
    an unknown call that cannot run at all)."""
    text = log.read_text(errors="replace") if log.exists() else ""
    names = set(re.findall(r"undefined reference to `(?:void |\w+ )?(?:\w+::)*(\w+)[<(]", text))
    return [f for f in files if any(re.search(rf"\b{n}\b", f.read_text()) for n in names)]


def forced(f) -> plan.Decision:
    """The plan of loop facts f with every rule bypassed: what can be built is built."""
    d = plan.Decision(file=f.file, line=f.line, cls=f.cls, method=f.method, kind=f.kind,
                      decision="parallel", var=f.var, trip=f.trip, start=f.start, end=f.end,
                      inherits=f.inherits)
    e = f.effects
    d.helpers = sorted(set(e.helpers))
    for part in ("memory", "scalar", "accessor"):
        try:
            if part == "memory":
                d.privatize, d.reduce, d.assumes, d.slices = plan._memory_plan(
                    f, e, set(e.live_in))
            elif part == "scalar":
                red, d.private_scalars = plan._scalar_plan(f, e)
                d.reduce += red
            else:
                d.hoist, d.sync = plan._accessor_plan(e, {p.name for p in d.privatize}, [])
        except plan.Rejection:
            pass
    steps: Dict[str, list] = {}
    for ind in e.inductions:
        steps.setdefault(ind.var, []).append(ind)
    d.induction = [plan.InductionPlan(var=v, steps=[plan.InductionStep(i.step, list(i.multiplier))
                                                    for i in inds],
                                      condition=inds[0].condition)
                   for v, inds in steps.items()]
    return d


def not_compiling(out: Path, files: List[str]) -> List[str]:
    """The transformed mutant sources that do not compile (g++ -fsyntax-only -fopenmp)."""
    gen = source_tree.generate_proto_header(out / "src" / "caffe" / "proto" / "caffe.proto",
                                            out.parent / "proto-gen")
    if gen is None:
        raise SystemExit("protoc failed on the tree's caffe.proto")
    bad = []
    mutants = {p.name for p in campaign.mutant_files()}
    for f in files:
        if Path(f).name not in mutants:
            continue
        r = subprocess.run(["g++", "-std=c++11", "-c", "-o", "/dev/null", "-fopenmp",
                            f"-I{out / 'include'}", f"-I{gen}", str(out / f)],
                           capture_output=True, text=True)
        if r.returncode != 0:
            bad.append(f)
    return bad


def force_unsafe(analysis, marks) -> List[str]:
    """Replace the rejected decisions at unsafe markers by forced plans; the types forced."""
    wanted = {(m.file, m.line) for m in marks if m.expect == "unsafe"}
    classes = {d.cls for d in analysis.decisions
               if (Path(d.file).name, d.line) in wanted}
    facts = {(Path(f.file).name, f.line, f.cls): f for c in sorted(classes)
             for f in collect(analysis.program, c, analysis.sources)}
    out = []
    for i, d in enumerate(analysis.decisions):
        key = (Path(d.file).name, d.line)
        f = facts.get(key + (d.cls,))
        if key in wanted and f is not None and f.kind in ("batch-loop", "elementwise"):
            analysis.decisions[i] = forced(f)
            out.append(d.cls)
    return sorted(set(out))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--work", required=True)
    ap.add_argument("--json")
    ap.add_argument("--threads", default="1,2,3")
    ap.add_argument("--batches", default="2,7,13")
    args = ap.parse_args(argv)
    work = Path(args.work).resolve()
    work.mkdir(parents=True, exist_ok=True)
    files = campaign.mutant_files()
    marks = [m for f in files for m in campaign.markers(f)]
    left_out: List[Path] = []
    refused: set = set()
    for _attempt in range(2):
        kept = [f for f in files if f not in left_out]
        tree = build_tree(work / "caffe_mutants", kept)
        analysis = analyze.run(str(tree))
        forced_classes = force_unsafe(analysis, marks)
        out = work / "caffe_mutants-forced"
        if out.exists():
            shutil.rmtree(out)
        res = apply.transform(str(tree), str(out), analysis=analysis, format=False)
        broken = not_compiling(out, sorted({e["file"] for e in res.applied}))
        refused = {Path(f).name for f in broken}
        if broken:  # a forced plan the templates cannot write into that source: un-force it
            print("forced regions that do not compile, left out:", ", ".join(broken))
            analysis.decisions = [d for d in analysis.decisions if d.file not in broken or
                                  d.decision != "parallel" or d.cls not in forced_classes]
            shutil.rmtree(out)
            res = apply.transform(str(tree), str(out), analysis=analysis, format=False)
        written = {e["class"] for e in res.applied}
        types = [c[:-len("Layer")] for c in forced_classes if c.endswith("Layer")]
        report = work / "check.json"
        report.unlink(missing_ok=True)
        cmd = [sys.executable, "-m", "transformer", "check", str(tree), "--transformed",
               str(out), "--layers", ",".join(types), "--threads", args.threads,
               "--batches", args.batches, "--no-train", "--json", str(report),
               "--work", str(work / "check-work")]
        print("running:", " ".join(cmd), flush=True)
        # blocks handed out backwards: an order dependence cannot hide behind one thread
        # running the parts in sample order
        subprocess.run(cmd, cwd=ROOT, env=dict(os.environ, CGP_REVERSE_BLOCKS="1"))
        if report.exists():
            break
        more = unlinkable(work / "check-work" / "logs" / "original.log", kept)
        if not more:
            break
        print("left out (no body to link):", ", ".join(f.name for f in more), flush=True)
        left_out += more
    verdict = _verdicts(report, types)
    unsafe = [m for m in marks if m.expect == "unsafe"]
    rows = []
    for m in unsafe:
        cls = next((d.cls for d in analysis.decisions
                    if (Path(d.file).name, d.line) == (m.file, m.line)), "")
        t = cls[:-len("Layer")]
        if m.file in refused:
            v = "killed by the build: the compiler refuses the forced region"
        elif any(f.name == m.file for f in left_out):
            v = "survived: calls a function with no body anywhere (cannot link, cannot run)"
        else:
            v = verdict.get(t, "not forced (the region could not be written)"
                            if cls not in written else "not checked")
        rows.append({"file": m.file, "class": m.cls, "type": t, "verdict": v})
    killed = sum(r["verdict"].startswith("killed") for r in rows)
    for r in rows:
        if not r["verdict"].startswith("killed"):
            print(f"survivor {r['file']} ({r['class']}): {r['verdict']}")
    print(f"check kills {killed}/{len(rows)} unsafe mutants ({100 * killed / len(rows):.0f}%)")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))
    return 0


def _verdicts(report: Path, types: List[str]) -> Dict[str, str]:
    """Type -> 'killed by ...' or why it survived, from check's JSON (its equivalence rows,
    race runs and the types no case could exercise)."""
    if not report.exists():
        return {}
    data = json.loads(report.read_text())
    out: Dict[str, str] = {}
    for row in data["results"]:
        if row["layer"] in types and row["status"] != "pass":
            out.setdefault(row["layer"], f"killed by equivalence ({row['case']}, "
                           f"{row['threads']} threads, batch {row['batch']}): "
                           f"{'; '.join(row['failures'])[:160]}")
    for row in data["races"]:
        if row["layer"] in types and row["status"] != "pass":
            out.setdefault(row["layer"], f"killed by the race check ({row['case']}): "
                           f"{row['detail'][:160]}")
    for t in data["unchecked"]:
        why = "; ".join(data.get("unchecked_why", {}).get(t, []))[:200]
        out.setdefault(t, f"survived: no case of the layer runs ({why})")
    for row in data["results"]:
        out.setdefault(row["layer"], "survived: every case equal, no race")
    return out


if __name__ == "__main__":
    sys.exit(main())
