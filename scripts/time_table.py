#!/usr/bin/env python3
"""Time `caffe time` (forward + backward) for an original and a parallel build at several
thread counts, interleaved, and print the speedup table. A stand-in until `cgp-transform
bench` exists."""
import argparse
import os
import re
import subprocess


def run(caffe, model, threads, iterations):
    env = dict(os.environ, OMP_NUM_THREADS=str(threads), OPENBLAS_NUM_THREADS="1")
    r = subprocess.run([caffe, "time", f"--model={model}", f"--iterations={iterations}"],
                       env=env, capture_output=True, text=True, check=True)
    return float(re.search(r"Average Forward-Backward: ([\d.]+) ms", r.stderr).group(1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--original", required=True)
    ap.add_argument("--parallel", required=True)
    ap.add_argument("--model", required=True)
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--iterations", type=int, default=50)
    a = ap.parse_args()
    threads = [int(t) for t in a.threads.split(",")]
    base = run(a.original, a.model, 1, a.iterations)
    print(f"{'config':<28}{'ms/iter':>10}{'speedup':>10}")
    print(f"{'original, 1 thread':<28}{base:>10.2f}{1.0:>10.2f}")
    for t in threads:
        ms = run(a.parallel, a.model, t, a.iterations)
        print(f"{f'parallel, {t} thread(s)':<28}{ms:>10.2f}{base / ms:>10.2f}")


if __name__ == "__main__":
    main()
