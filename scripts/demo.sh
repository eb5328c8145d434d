#!/usr/bin/env bash
# The main job on the embedded default tree (caffe_src): analyze it, time it, train LeNet.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
BUILD="${BUILD:-build/caffe_src}"
CAFFE="$BUILD/tools/caffe"
export GLOG_minloglevel="${GLOG_minloglevel:-0}"

echo "== 1. analyze caffe_src: which loops run per sample in parallel, and why not"
cgp-transform analyze caffe_src --json build/analysis.json

echo
echo "== 2. caffe time: LeNet forward/backward per layer (sequential original, 1 thread)"
OPENBLAS_NUM_THREADS=1 "$CAFFE" time --model=caffe_src/examples/mnist/lenet_train_test.prototxt \
  --iterations=20 2>&1 | grep -E "forward:|backward:|Average|Total" || true

echo
echo "== 3. train LeNet on Fashion-MNIST (1000 iterations, sequential original)"
mkdir -p build/snapshots
sed -e 's/^max_iter: .*/max_iter: 1000/' -e 's/^snapshot: .*/snapshot: 0/' \
  caffe_src/examples/mnist/lenet_solver.prototxt > build/lenet_demo_solver.prototxt
OPENBLAS_NUM_THREADS=1 "$CAFFE" train --solver=build/lenet_demo_solver.prototxt 2>&1 | \
  grep -E "Iteration [0-9]+, loss|Test net output|Optimization Done" | tail -n 8

echo
echo "transform, check and bench come with issues 4-6 (see README: status)."
