"""A MODEL, not a measurement: the projected speedup of the process level at 2..64 nodes.

Inputs, all stated: the measured compute time per sample on one node (the best single-node
configuration's iteration time over the global batch), the gradient bytes each iteration
reduces (measured), a network bandwidth and latency (given), and the measured share of the
allreduce hidden behind backward. The allreduce is costed as a ring: 2(N-1)/N of the bytes
over the link and 2(N-1) latencies. The global batch stays the same (convergence does not
change), so each node computes B/N samples: strong scaling.
"""
from __future__ import annotations

from typing import List

NODES = [2, 4, 8, 16, 32, 64]


def ring_allreduce_ms(nbytes: float, nodes: int, bandwidth_gbit: float, latency_us: float) -> float:
    if nodes < 2:
        return 0.0
    steps = 2 * (nodes - 1)
    wire_s = steps / nodes * nbytes * 8 / (bandwidth_gbit * 1e9)
    return (wire_s + steps * latency_us * 1e-6) * 1e3


def project(per_sample_ms: float, batch: int, gradient_bytes: float, overlap_fraction: float,
            bandwidth_gbit: float, latency_us: float, nodes: List[int] = NODES) -> dict:
    """The model's rows: per node count, the compute and allreduce time per iteration and the
    speedup over one node, without overlap and with the measured overlap fraction (the
    hidden share of the allreduce, never more than the compute it hides behind)."""
    one = per_sample_ms * batch
    hidden_share = min(max(overlap_fraction, 0.0), 1.0)
    rows = []
    for n in nodes:
        compute = one / n
        comm = ring_allreduce_ms(gradient_bytes, n, bandwidth_gbit, latency_us)
        exposed = comm - min(comm * hidden_share, compute)
        rows.append({"nodes": n, "samples_per_node": batch / n,
                     "batch_divisible": batch % n == 0,
                     "compute_ms": compute, "allreduce_ms": comm,
                     "speedup_no_overlap": one / (compute + comm),
                     "speedup_overlap": one / (compute + exposed)})
    return {"label": "MODEL (projected, not measured)", "bandwidth_gbit": bandwidth_gbit,
            "latency_us": latency_us, "per_sample_ms": per_sample_ms, "batch": batch,
            "gradient_bytes": gradient_bytes, "overlap_fraction": overlap_fraction,
            "one_node_ms": one, "rows": rows}


def lines(model: dict) -> List[str]:
    out = [f"{model['label']}: ring allreduce of {model['gradient_bytes'] / 1e6:.2f} MB over "
           f"{model['bandwidth_gbit']:g} Gbit/s, {model['latency_us']:g} us latency; "
           f"{model['per_sample_ms']:.3f} ms compute per sample on one node (measured), "
           f"global batch {model['batch']}, {model['overlap_fraction']:.0%} of the allreduce "
           "hidden behind backward (measured)",
           f"{'nodes':>5} {'samples/node':>12} {'compute ms':>10} {'allreduce ms':>12} "
           f"{'speedup':>8} {'w/ overlap':>10}"]
    for r in model["rows"]:
        mark = "" if r["batch_divisible"] else "  (batch not divisible: refused at start-up)"
        out.append(f"{r['nodes']:>5} {r['samples_per_node']:>12.2f} {r['compute_ms']:>10.2f} "
                   f"{r['allreduce_ms']:>12.3f} {r['speedup_no_overlap']:>7.2f}x "
                   f"{r['speedup_overlap']:>9.2f}x{mark}")
    return out
