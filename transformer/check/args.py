"""check's command line options, kept apart from cli.py (and from check's modules, so that
the parser imports nothing heavy); `--cmake-option` is bench's too."""
import argparse


def add_arguments(p: argparse.ArgumentParser) -> None:
    """check's arguments."""
    p.add_argument("path", help="the original Caffe-style source tree")
    p.add_argument("--transformed", metavar="DIR",
                   help="an already transformed tree (default: transform PATH first)")
    p.add_argument("--threads", default=None, metavar="LIST",
                   help="thread counts for the transformed build (default 1,2,3,8; "
                        "1,2,3 for --tree-tests)")
    p.add_argument("--batches", default="1,2,7,64", metavar="LIST",
                   help="batch sizes (default 1,2,7,64)")
    p.add_argument("--dtype", default="float,double", metavar="LIST",
                   help="float, double or both (default both)")
    p.add_argument("--layers", metavar="TYPE,...", help="check only these layer types")
    p.add_argument("--race", action="store_true", default=None,
                   help="also build with clang-14 + ThreadSanitizer and run under Archer "
                        "(the default where clang-14 and libomp-14-dev are installed)")
    p.add_argument("--no-race", dest="race", action="store_false",
                   help="skip the race check (then a race shows only if threads interleave)")
    p.add_argument("--race-threads", type=int, metavar="T",
                   help="threads for the race runs (default: the largest of --threads)")
    p.add_argument("--deterministic", action="store_true",
                   help="transform with --deterministic and require bitwise equality across "
                        "thread counts")
    _add_tree_test_arguments(p)
    p.add_argument("--repeats", type=int, default=3, metavar="N",
                   help="runs of each layer case at more than one thread (default 3)")
    p.add_argument("--strict", action="store_true",
                   help="fail when a transformed layer type could not be exercised "
                        "(listed as unchecked)")
    p.add_argument("--json", metavar="FILE", help="write the results as JSON")
    p.add_argument("--junit", metavar="FILE", help="write the results as JUnit XML")
    p.add_argument("--work", metavar="DIR",
                   help="where to keep the copies and builds (default: in the cache "
                        "directory; reused, so a second check builds incrementally)")
    _add_train_arguments(p)
    add_cmake_option(p)
    p.add_argument("-j", "--jobs", type=int, default=None, help="parallel build jobs")
    p.add_argument("--quiet", action="store_true", help="print only the verdict and errors")
    p.add_argument("--verbose", action="store_true", help="print every comparison")


def add_cmake_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--cmake-option", action="append", default=[], metavar="-DNAME=VALUE",
                   help="passed to the tree's CMake in every build, after cgp-transform's "
                        "own (a fork's switches: --cmake-option=-DUSE_MLSL=OFF); repeatable")


def _add_tree_test_arguments(p: argparse.ArgumentParser) -> None:
    """check's options for the tree's own gtest suite."""
    p.add_argument("--tree-tests", action="store_true",
                   help="also build the tree's own gtest suite (test.testbin, test_all) in "
                        "both trees and run it on the transformed build with the parallel "
                        "paths forced, at --threads (default 1,2,3)")
    p.add_argument("--tree-tests-only", action="store_true",
                   help="run only the tree's own suite (no layer cases, races or training)")
    p.add_argument("--tree-test-timeout", type=float, default=4 * 3600, metavar="S",
                   help="seconds one run of the tree's suite may take (default 14400)")
    p.add_argument("--tree-test-filter", metavar="PATTERNS",
                   help="run only the tree's tests matching these gtest patterns "
                        "(':'-separated, e.g. '*Convolution*'); GPU tests are never run")


def _add_train_arguments(p: argparse.ArgumentParser) -> None:
    """check's options for the convergence (training) check."""
    p.add_argument("--no-train", action="store_true", help="skip the convergence check")
    p.add_argument("--solver", metavar="FILE",
                   help="solver for the convergence check (default: "
                        "PATH/examples/mnist/lenet_solver.prototxt)")
    p.add_argument("--net", metavar="FILE", help="net for the convergence check (default: "
                                                 "the solver's net)")
    p.add_argument("--data", metavar="DIR",
                   help="data source for the net's Data layers (default: as the net says)")
    p.add_argument("--iterations", type=int, default=500,
                   help="training iterations for the convergence check (default 500)")
    p.add_argument("--train-threads", type=int, default=2,
                   help="threads for the transformed training run (default 2)")
    p.add_argument("--mpi", action="store_true",
                   help="check the process level instead: LeNet trained by --ranks ranks x 1 "
                        "thread under mpirun (PATH transformed with --mpi, built with "
                        "-DCGP_MPI=ON) against 1 process x 1 thread of the original")
    p.add_argument("--ranks", type=int, default=2, metavar="R",
                   help="ranks for --mpi (default 2)")
