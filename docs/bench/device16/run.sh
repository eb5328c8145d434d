#!/usr/bin/env bash
# 1..16-thread scaling of caffe_src's LeNet and cifar10_quick (synthetic DummyData, the same
# shapes) on the device machine's CPUs: baseline, blas-T, coarse-T and ceiling-T, round robin.
set -u
HERE="$(cd "$(dirname "$0")" && pwd)"
THREADS="${THREADS:-1 2 4 8 16}"
OUTDIR="${OUT:-/tmp/devout}"; mkdir -p "$OUTDIR"
{ nproc; lscpu; } > "$OUTDIR/machine.txt" 2>&1
one() {  # log build omp blas netfile solver iters warmup tag
  local log=$1 build=$2 omp=$3 blas=$4 net=$5 solver=$6 iters=$7 warm=$8 tag=$9
  echo "=== $tag" >> "$log"
  OMP_NUM_THREADS=$omp OPENBLAS_NUM_THREADS=$blas LD_LIBRARY_PATH="$HERE/$build:$HERE/lib" \
    "$HERE/$build/cgp_harness" time --solver "$solver" --net "$net" --iterations "$iters" \
    --warmup "$warm" >> "$log" 2>/dev/null || echo "CGP failed" >> "$log"
}
ceiling() {  # log T net solver iters warmup tag
  local log=$1 t=$2 i pids=()
  for ((i = 0; i < t; i++)); do
    ( OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 LD_LIBRARY_PATH="$HERE/orig:$HERE/lib" \
      "$HERE/orig/cgp_harness" time --solver "$4" --net "$3" --iterations "$5" --warmup "$6" \
      > "$log.p$i" 2>/dev/null || echo "CGP failed" > "$log.p$i" ) &
    pids+=($!)
  done
  wait "${pids[@]}"
  for ((i = 0; i < t; i++)); do echo "=== $7 proc $i" >> "$log"; cat "$log.p$i" >> "$log"; rm -f "$log.p$i"; done
}
bench() {  # name solver iters warmup repeats
  local name=$1 solver=$2 iters=$3 warm=$4 reps=$5 log="$OUTDIR/$1.log" rep t
  : > "$log"
  for ((rep = 0; rep < reps; rep++)); do
    one "$log" orig 1 1 "$HERE/nets/$name.prototxt" "$solver" "$iters" "$warm" "baseline $rep"
    for t in $THREADS; do
      one "$log" coarse "$t" 1 "$HERE/nets/$name.prototxt" "$solver" "$iters" "$warm" "coarse-$t $rep"
      [ "$t" -gt 1 ] || continue
      one "$log" orig 1 "$t" "$HERE/nets/$name.prototxt" "$solver" "$iters" "$warm" "blas-$t $rep"
      ceiling "$log" "$t" "$HERE/nets/$name-t$t.prototxt" "$solver" "$iters" "$warm" "ceiling-$t $rep"
    done
  done
}
cd "$HERE/.."
bench lenet caffe_src/examples/mnist/lenet_solver.prototxt 20 3 "${REPS_LENET:-5}"
bench cifar10_quick caffe_src/examples/cifar10/cifar10_quick_solver.prototxt 10 2 "${REPS_CIFAR:-3}"
