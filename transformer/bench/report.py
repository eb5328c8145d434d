"""The benchmark's terminal table."""
from __future__ import annotations


def table(result: dict) -> str:
    f = result["figures"]
    base = f["baseline_ms"]
    torch = any("torch_ms" in r for r in f["rows"])
    lines = [f"{result['net']}: training iteration (forward, backward, update), median of "
             f"{result['repeats']} runs x {result['iterations']} iterations",
             f"sequential original: {base['median']:.2f} ms "
             f"(min {base['min']:.2f}, max {base['max']:.2f})",
             f"{'T':>3} {'coarse ms':>10} {'speedup':>8} {'effic.':>7} {'BLAS ms':>9} "
             f"{'speedup':>8} {'coarse/BLAS':>11} {'Amdahl':>7}"
             + (f" {'torch ms':>9} {'coarse/torch':>12}" if torch else "")]
    for r in f["rows"]:
        line = (f"{r['threads']:>3} {r['coarse_ms']['median']:>10.2f} "
                f"{r['coarse_speedup']:>7.2f}x {r['coarse_efficiency']:>6.0%} "
                f"{r['fine_ms']['median']:>9.2f} {r['fine_speedup']:>7.2f}x "
                f"{r['coarse_over_fine']:>10.2f}x {r['amdahl_bound']:>6.2f}x")
        if "torch_ms" in r:
            line += f" {r['torch_ms']['median']:>9.2f} {r['coarse_over_torch']:>11.2f}x"
        lines.append(line)
    if torch:
        lines.append(f"torch: the same net in PyTorch {result.get('torch_version', '')} "
                     "(CPU, channels-last, random inputs); coarse/torch > 1: cgp faster")
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
