"""Derived figures: speedup and efficiency per thread count, per-layer speedup, the share of
the baseline spent in parallelized layers and the Amdahl bound it implies, and the overhead
of the transformation at one thread (privatization, reductions, region bookkeeping); with
--compare-torch, the same net's PyTorch time per thread count against coarse grain."""
from __future__ import annotations

from typing import Dict, List, Optional, Set

from .measure import Measured


def derive(measured: List[Measured], threads: List[int], transformed_types: Set[str],
           full_batch: Optional[int] = None) -> dict:
    by_key = {m.config.key: m for m in measured}
    base = by_key["baseline"]
    base_ms = base.iteration["median"]
    base_layers = base.layer_ms()
    layer_total = {n: v["forward"] + v["backward"] for n, v in base_layers.items()}
    parallel_ms = sum(t for n, t in layer_total.items()
                      if base_layers[n]["type"] in transformed_types)
    share = min(1.0, parallel_ms / base_ms) if base_ms > 0 else 0.0
    rows = []
    for t in threads:
        coarse = by_key[f"coarse-{t}"].iteration
        fine = by_key[f"blas-{t}"].iteration if t > 1 else base.iteration
        row = {
            "threads": t,
            "coarse_ms": coarse, "fine_ms": fine,
            "coarse_speedup": base_ms / coarse["median"],
            "fine_speedup": base_ms / fine["median"],
            "coarse_efficiency": base_ms / coarse["median"] / t,
            "coarse_over_fine": fine["median"] / coarse["median"],
            "amdahl_bound": 1.0 / ((1.0 - share) + share / t),
        }
        row.update(_ceiling(by_key.get(f"ceiling-{t}"), base_ms, full_batch, row, t))
        unsteady = _unsteady(coarse, fine, by_key.get(f"ceiling-{t}"), t)
        if unsteady:
            row["unsteady"] = unsteady
        row["memory"] = _memory(base, by_key.get(f"blas-{t}", base), by_key[f"coarse-{t}"], t)
        torch = by_key.get(f"torch-{t}")
        if torch is not None:
            row["torch_ms"] = torch.iteration
            row["torch_speedup"] = base_ms / torch.iteration["median"]
            row["coarse_over_torch"] = torch.iteration["median"] / coarse["median"]
        rows.append(row)
    top_t = max(threads)
    top_layers = by_key[f"coarse-{top_t}"].layer_ms()
    one_layers = by_key["coarse-1"].layer_ms() if 1 in threads else {}
    layers = []
    for name, b in base_layers.items():
        total = b["forward"] + b["backward"]
        got = top_layers.get(name, {})
        got_total = got.get("forward", 0.0) + got.get("backward", 0.0)
        one = one_layers.get(name)
        layers.append({
            "name": name, "type": b["type"], "transformed": b["type"] in transformed_types,
            "baseline_ms": total, "baseline_share": total / base_ms if base_ms else 0.0,
            f"coarse_{top_t}_ms": got_total,
            "speedup": total / got_total if got_total > 0 else None,
            "overhead_1_thread": ((one["forward"] + one["backward"]) / total - 1.0)
            if one and total > 0 else None,
        })
    overhead = None
    if 1 in threads:
        overhead = by_key["coarse-1"].iteration["median"] / base_ms - 1.0
    return {"baseline_ms": base.iteration, "parallel_share": share, "rows": rows,
            "layers": layers, "overhead_1_thread": overhead, "top_threads": top_t}


def _ceiling(ceiling: Optional[Measured], base_ms: float, full_batch: Optional[int],
             row: dict, t: int) -> dict:
    """The machine's ceiling at T: the throughput of T sequential originals at once, each on
    its share of the batch, over one on the whole batch; and each speedup as its fraction."""
    if t == 1:
        ratio = 1.0
    elif ceiling is None or not full_batch or not ceiling.config.batch:
        return {}
    else:
        samples = ceiling.config.procs * ceiling.config.batch
        ratio = base_ms * samples / (full_batch * ceiling.iteration["median"])
    return {"ceiling_speedup": ratio,
            "coarse_of_ceiling": row["coarse_speedup"] / ratio,
            "fine_of_ceiling": row["fine_speedup"] / ratio}


# A threaded configuration whose slowest run is this much slower than its fastest, while the
# ceiling's runs agree within CEILING_STEADY, ran through a phase in which the machine gave
# threads that synchronize less than it gave separate processes (docs/BENCHMARKS.md).
UNSTEADY = 1.25
CEILING_STEADY = 1.10


def _spread(iteration: Dict[str, float]) -> float:
    return iteration["max"] / iteration["min"] if iteration["min"] > 0 else 1.0


def _unsteady(coarse: dict, fine: dict, ceiling: Optional[Measured], t: int) -> dict:
    """The spread (slowest run over fastest) of coarse-T and BLAS-T at T > 1, when one of
    them passes UNSTEADY while the ceiling measured in the same rounds stays steady."""
    if t == 1 or ceiling is None:
        return {}
    spreads = {"coarse": _spread(coarse), "blas": _spread(fine),
               "ceiling": _spread(ceiling.iteration)}
    if max(spreads["coarse"], spreads["blas"]) < UNSTEADY or \
            spreads["ceiling"] > CEILING_STEADY:
        return {}
    return spreads


def _memory(base: Measured, fine: Measured, coarse: Measured, t: int) -> dict:
    """Peak resident memory (kB) of the original, BLAS-T and coarse-T, and the bytes of the
    transformed build's private buffers, in all and per thread."""
    out = {"original_rss_kb": base.peak_rss_kb, "blas_rss_kb": fine.peak_rss_kb,
           "coarse_rss_kb": coarse.peak_rss_kb}
    if base.peak_rss_kb and coarse.peak_rss_kb:
        out["coarse_over_original"] = coarse.peak_rss_kb / base.peak_rss_kb
    private = coarse.private_bytes
    if private is not None:
        out["private_bytes"] = private
        out["private_bytes_per_thread"] = {k: v // t for k, v in private.items()}
    return out


def slowest_layers(figures: dict, limit: int = 3) -> List[Dict]:
    """The layers that hold the speedup back most: time above a perfect 1/T share of their
    baseline, whether they are transformed or left sequential."""
    top_t = figures["top_threads"]
    lost = []
    for layer in figures["layers"]:
        if layer["speedup"] is None:
            continue
        ideal = layer["baseline_ms"] / top_t
        lost.append((layer[f"coarse_{top_t}_ms"] - ideal, layer))
    return [layer for _, layer in sorted(lost, key=lambda x: -x[0])[:limit]]
