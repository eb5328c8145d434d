"""The benchmark's PNG: speedup against threads for both strategies (and PyTorch, when
measured) with the ideal line, and the per-layer speedup at the largest thread count."""
from __future__ import annotations

from pathlib import Path


def plot(figures: dict, title: str, out: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = figures["rows"]
    threads = [r["threads"] for r in rows]
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(12, 4.5))
    ax1.plot(threads, threads, "k--", label="ideal")
    ax1.plot(threads, [r["coarse_speedup"] for r in rows], "o-", label="coarse grain (cgp)")
    ax1.plot(threads, [r["fine_speedup"] for r in rows], "s-", label="fine grain (BLAS threads)")
    if all("torch_speedup" in r for r in rows):
        ax1.plot(threads, [r["torch_speedup"] for r in rows], "^-", label="PyTorch (CPU)")
    ax1.plot(threads, [r["amdahl_bound"] for r in rows], ":", label="Amdahl bound")
    ax1.set_xlabel("threads")
    ax1.set_ylabel("speedup over sequential original")
    ax1.set_xticks(threads)
    ax1.set_title(f"{title}: training iteration")
    ax1.legend()
    ax1.grid(alpha=0.3)
    layers = [layer for layer in figures["layers"] if layer["speedup"]]
    names = [layer["name"] for layer in layers]
    colors = ["tab:blue" if layer["transformed"] else "tab:gray" for layer in layers]
    ax2.bar(range(len(layers)), [layer["speedup"] for layer in layers], color=colors)
    ax2.axhline(figures["top_threads"], color="k", linestyle="--", linewidth=1)
    ax2.axhline(1.0, color="tab:red", linewidth=1)
    ax2.set_xticks(range(len(layers)))
    ax2.set_xticklabels(names, rotation=60, ha="right", fontsize=8)
    ax2.set_ylabel(f"speedup at {figures['top_threads']} threads")
    ax2.set_title("per layer (forward + backward; gray: not transformed)")
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=110)
    plt.close(fig)
