"""The benchmark's terminal table."""
from __future__ import annotations

from .blas_check import line as blas_line


def header(result: dict) -> str:
    """What was timed, how often, and whether the figures are suspect (a generic or slow
    BLAS under the baseline)."""
    what = ("inference (forward passes only)" if result.get("forward_only")
            else "training iteration (forward, backward, update)")
    batch = f", batch {result['batch']}" if result.get("batch_given") else ""
    suspect = (f" (suspect: {result['blas'].get('reason') or result['blas']['verdict']})"
               if result.get("suspect") else "")
    return (f"{result['net']}: {what}{batch}, median of {result['repeats']} runs x "
            f"{result['iterations']} iterations{suspect}")


def blas_lines(result: dict) -> list:
    """The BLAS line, and the warning when it is not ok."""
    blas = result.get("blas")
    if not blas:
        return []
    out = [blas_line(blas)]
    if blas["verdict"] != "ok":
        out.append(f"warning: {blas['message']}")
    return out


def table(result: dict) -> str:
    f = result["figures"]
    base = f["baseline_ms"]
    torch = any("torch_ms" in r for r in f["rows"])
    ceil = any("ceiling_speedup" in r for r in f["rows"][1:])
    lines = [header(result), *blas_lines(result),
             result.get("data", ""),
             f"sequential original: {base['median']:.2f} ms "
             f"(min {base['min']:.2f}, max {base['max']:.2f})",
             f"{'T':>3} {'coarse ms':>10} {'speedup':>8} {'effic.':>7} {'BLAS ms':>9} "
             f"{'speedup':>8} {'coarse/BLAS':>11} {'Amdahl':>7}"
             + (f" {'ceiling':>8} {'of ceil.':>8}" if ceil else "")
             + (f" {'torch ms':>9} {'coarse/torch':>12}" if torch else "")]
    for r in f["rows"]:
        line = (f"{r['threads']:>3} {r['coarse_ms']['median']:>10.2f} "
                f"{r['coarse_speedup']:>7.2f}x {r['coarse_efficiency']:>6.0%} "
                f"{r['fine_ms']['median']:>9.2f} {r['fine_speedup']:>7.2f}x "
                f"{r['coarse_over_fine']:>10.2f}x {r['amdahl_bound']:>6.2f}x")
        if ceil:
            line += (f" {r['ceiling_speedup']:>7.2f}x {r['coarse_of_ceiling']:>7.0%}"
                     if "ceiling_speedup" in r else f" {'-':>8} {'-':>8}")
        if "torch_ms" in r:
            line += f" {r['torch_ms']['median']:>9.2f} {r['coarse_over_torch']:>11.2f}x"
        lines.append(line)
    if torch:
        lines.append(f"torch: the same net in PyTorch {result.get('torch_version', '')} "
                     "(CPU, channels-last, random inputs); coarse/torch > 1: cgp faster")
    if ceil:
        lines.append("ceiling: T sequential originals at once, each on 1/T of the batch, "
                     "against one on all of it (what this machine gives T workers now)")
    lines += unsteady_lines(f["rows"])
    lines += memory_lines(f["rows"])
    lines.append(f"share of the baseline in parallelized layers: {f['parallel_share']:.1%}")
    if f["overhead_1_thread"] is not None:
        lines.append(f"transformed at 1 thread vs original: {f['overhead_1_thread']:+.1%}")
    t = f["top_threads"]
    lines.append(f"{'layer':12} {'type':14} {'base ms':>8} {'share':>6} {f'T={t} ms':>8} "
                 f"{'speedup':>8} {'1-thr ovh':>9}")
    for layer in f["layers"]:
        sp = f"{layer['speedup']:.2f}x" if layer["speedup"] else "-"
        ov = f"{layer['overhead_1_thread']:+.1%}" if layer["overhead_1_thread"] is not None else "-"
        mark = "" if layer["transformed"] else " (seq)"
        lines.append(f"{layer['name'][:12]:12} {(layer['type'] + mark)[:14]:14} "
                     f"{layer['baseline_ms']:>8.3f} {layer['baseline_share']:>6.1%} "
                     f"{layer[f'coarse_{t}_ms']:>8.3f} {sp:>8} {ov:>9}")
    held = ", ".join(f"{x['name']} ({x['type']})" for x in result["held_back_by"])
    lines.append(f"held back most by: {held}")
    return "\n".join(lines)


def _mb(kb) -> str:
    return f"{kb / 1024:.1f}" if kb else "-"


def memory_lines(rows) -> list:
    """Peak resident memory per configuration, and the private buffers per thread."""
    lines = [f"{'T':>3} {'peak RSS MB: original':>22} {'BLAS':>7} {'coarse':>7} "
             f"{'coarse/orig':>11} "
             f"{'private KB/thread: scratch':>27} {'accumulators':>12}"]
    for r in rows:
        m = r.get("memory", {})
        per = m.get("private_bytes_per_thread", {})
        ratio = f"{m['coarse_over_original']:.2f}x" if "coarse_over_original" in m else "-"
        lines.append(f"{r['threads']:>3} {_mb(m.get('original_rss_kb')):>22} "
                     f"{_mb(m.get('blas_rss_kb')):>7} {_mb(m.get('coarse_rss_kb')):>7} "
                     f"{ratio:>11} {per.get('scratch', 0) / 1024:>27.1f} "
                     f"{per.get('accumulators', 0) / 1024:>12.1f}")
    return lines


def unsteady_lines(rows) -> list:
    """A warning per thread count whose threaded runs varied while the ceiling's did not."""
    out = []
    for r in rows:
        u = r.get("unsteady")
        if u:
            out.append(f"warning: at T={r['threads']} the slowest run took {u['coarse']:.2f}x "
                       f"the fastest (coarse) and {u['blas']:.2f}x (BLAS), the ceiling's "
                       f"{u['ceiling']:.2f}x: the machine gave threads that synchronize less "
                       "in some rounds; compare runs_ms in the JSON round by round")
    return out
