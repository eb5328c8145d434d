#!/bin/bash
# Interleaved A/B: the transformed driver before and after this change, and the original, at 1 and 2 threads.
cd /work/main
A=/tmp/bench_old/transformed/build-openmp/cgp_harness/cgp_harness
B=/tmp/bench23b/transformed/build-openmp/cgp_harness/cgp_harness
O=/tmp/bench23b/original/build-original/cgp_harness/cgp_harness
net=$1; it=$2; reps=$3
if [ $net = lenet ]; then S=caffe_src/examples/mnist/lenet_solver.prototxt; N=caffe_src/examples/mnist/lenet_train_test.prototxt; D=data/fashion-mnist;
else S=caffe_src/examples/cifar10/cifar10_quick_solver.prototxt; N=caffe_src/examples/cifar10/cifar10_quick_train_test.prototxt; D=data/cifar10; fi
for r in $(seq $reps); do
  for cfg in O:1 A:1 B:1 A:2 B:2; do
    exe=${cfg%%:*}; t=${cfg##*:}; eval path=\$$exe
    ms=$(OMP_NUM_THREADS=$t OPENBLAS_NUM_THREADS=1 $path time --solver $S --net $N --data $D --iterations $it --warmup 2 2>/dev/null | awk '/^CGP iter/{print $3}' | sort -n | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}')
    echo "$net $exe T=$t $ms"
  done
done
