#!/usr/bin/env bash
# The main job on the embedded default tree (caffe_src): analyze it, transform it, build the
# parallel tree with its own CMake, check it against the original, benchmark both, and train
# LeNet on Fashion-MNIST with the parallel build.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
BUILD="${BUILD:-build/caffe_src}"
OUT=build/demo/caffe_src_parallel
THREADS="${THREADS:-$(nproc)}"
export OPENBLAS_NUM_THREADS=1

# Step 7 times cifar10_quick on the CIFAR-10 batches: refuse now, not after the rest has run.
# (scripts/setup_data.sh only warns when ../shared/data/cifar10 has none; a link that points
# nowhere, as in a clone without shared/ beside it, is no batch.)
# `make demo` runs `demo.sh --check-data` after set-up, before it builds anything.
shopt -s nullglob
cifar_batches=(data/cifar10/*.bin)
shopt -u nullglob
cifar_readable=0
for f in ${cifar_batches[@]+"${cifar_batches[@]}"}; do [ -r "$f" ] && cifar_readable=1; done
if [ "$cifar_readable" = 0 ]; then
  echo "demo.sh: no readable CIFAR-10 batch (*.bin) in $ROOT/data/cifar10: put the binary batches in ../shared/data/cifar10 beside the repository and run scripts/setup_data.sh" >&2
  exit 2
fi
if [ "${1:-}" = "--check-data" ]; then
  exit 0
fi

echo "== 1. analyze caffe_src: which loops run per sample in parallel, and why not"
cgp-transform analyze caffe_src --json build/demo_analysis.json | tail -n 25

echo
echo "== 2. transform caffe_src -> $OUT (report: build/demo/report.md)"
mkdir -p build/demo
cgp-transform caffe_src -o "$OUT" --force --report build/demo/report.md

echo
echo "== 3. build the parallel tree with its own CMake (OpenMP on)"
cmake -S "$OUT" -B build/demo/build -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTS=OFF > build/demo/cmake.log
cmake --build build/demo/build -j"$THREADS" --target caffe_tool >> build/demo/cmake.log

echo
echo "== 4. check: every transformed layer against the original (threads 1,2,3,8; batches 1,2,7,64;"
echo "      float and double), races under Archer, LeNet convergence at 2 threads"
cgp-transform check caffe_src --race --data data/fashion-mnist --work build/demo/check \
  --json build/demo/check.json --junit build/demo/check.xml --quiet

echo
echo "== 5. bench: a LeNet training iteration, sequential vs multithreaded BLAS vs coarse grain"
cgp-transform bench caffe_src --net lenet --threads "1,$THREADS" --work build/demo/check \
  --data data/fashion-mnist --json build/demo/bench_lenet.json --plot build/demo/bench_lenet.png

echo
echo "== 6. train LeNet on Fashion-MNIST with the parallel build ($THREADS threads, 1000 iterations)"
sed -e 's/^max_iter: .*/max_iter: 1000/' -e 's/^snapshot: .*/snapshot: 0/' \
  caffe_src/examples/mnist/lenet_solver.prototxt > build/demo/lenet_solver.prototxt
echo "snapshot_after_train: false" >> build/demo/lenet_solver.prototxt
OMP_NUM_THREADS="$THREADS" build/demo/build/tools/caffe train --solver=build/demo/lenet_solver.prototxt 2>&1 | \
  grep -E "Iteration [0-9]+, loss|Test net output|Optimization Done" | tail -n 8

echo
echo "== 7. the process level (--mpi): LeNet, 2 ranks x 1 thread under mpirun against 1 process,"
echo "      1000 iterations on Fashion-MNIST; then cifar10_quick timed at ranks x threads"
cgp-transform check caffe_src --mpi --ranks 2 --iterations 1000 --data data/fashion-mnist \
  --work build/demo/check --json build/demo/check_mpi.json
cgp-transform bench caffe_src --net cifar10_quick --ranks 1,2 --threads 1,2 --iterations 10 \
  --warmup 2 --repeats 5 --data data/cifar10 --work build/demo/check --json build/demo/bench_mpi.json
