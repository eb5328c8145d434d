"""`cgp-transform bench --pack` (issue 24's prepared many-core run): the run script renders and
parses, its BLAS rules agree with blas_check's, it runs a (fake) pack round robin in a clean
environment and picks the better kernel; ldd's output, the size bound, the summary from canned
driver lines (the same figures as bench's own), and, where tests/test_check.py's builds exist,
a real pack run end to end."""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from transformer.bench import blas_check, figures, pack, pack_libs, pack_results, pack_summary
from transformer.errors import InputError

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / "build" / "test_check"  # the builds of tests/test_check.py, reused
AVX512 = "fpu sse sse2 ssse3 sse4_1 sse4_2 avx fma avx2 avx512f avx512dq"
AVX2 = "fpu sse sse2 sse4_2 avx fma avx2"


def cgp(*args, **kw):
    return subprocess.run([sys.executable, "-m", "transformer", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, **kw)


def script(tmp_path: Path, threads=(1, 2, 4)) -> Path:
    path = tmp_path / "run.sh"
    path.write_text(pack.render_script("/src/tree", "ld-linux-x86-64.so.2", list(threads),
                                       100.0))
    return path


def bash_fn(run_sh: Path, call: str) -> str:
    """A function of the run script, sourced (its main does not run when sourced)."""
    proc = subprocess.run(["bash", "-c", f'source "{run_sh}"; {call}'], capture_output=True,
                          text=True)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.strip()


def test_script_renders_and_parses(tmp_path):
    run_sh = script(tmp_path)
    assert subprocess.run(["bash", "-n", str(run_sh)]).returncode == 0
    text = run_sh.read_text()
    assert '"opteron(sse3)"' in text and "SkylakeX" in text and "{{" not in text


@pytest.mark.parametrize("flags,vendor", [(AVX512, "GenuineIntel"), (AVX512, "AuthenticAMD"),
                                          (AVX2, "AuthenticAMD"), (AVX2, "GenuineIntel"),
                                          ("fpu sse sse2 avx", ""), ("fpu sse sse2 sse4_2", ""),
                                          ("fpu sse sse2", "")])
def test_right_core_agrees_with_blas_check(tmp_path, flags, vendor):
    got = bash_fn(script(tmp_path), f'right_core " {flags} " "{vendor}"')
    assert got == blas_check.right_core(set(flags.split()), vendor)


@pytest.mark.parametrize("core,flags,vendor,gflops,mhz", [
    ("Prescott", AVX512, "GenuineIntel", "40.3", 2600),
    ("Haswell", AVX512, "AuthenticAMD", "111.0", 2600),   # AVX2 fits Zen 4
    ("Haswell", AVX512, "GenuineIntel", "90.0", 2600),
    ("SkylakeX", AVX512, "GenuineIntel", "20.5", 2600),   # slow: under 25% of 166
    ("Zen", AVX2, "AuthenticAMD", "50.0", 2600),
    ("NewCore", AVX2, "GenuineIntel", "10.0", 3000),       # unknown: judged by its rate
    ("Cooperlake", AVX512, "AuthenticAMD", "105.2", 0),   # no clock: no bound
    ("generic", AVX2, "GenuineIntel", "5.0", 3000),
])
def test_blas_verdict_agrees_with_blas_check(tmp_path, core, flags, vendor, gflops, mhz):
    config = f"OpenBLAS 0.3.21 DYNAMIC_ARCH {core}"
    got = bash_fn(script(tmp_path), f'blas_verdict {core} "{config}" {gflops} " {flags} " '
                                    f'"{vendor}" {mhz}')
    fset = set(flags.split())
    want = blas_check.kernel_verdict(core, fset, float(gflops),
                                     blas_check.peak_bound(fset, mhz or None), vendor, config)
    assert got.split()[0] == want.kind, got


# ---- ldd, placement, size ---------------------------------------------------------------

LDD = """\tlinux-vdso.so.1 (0x00007ffc8a5f1000)
\tlibcaffe.so => /w/build-original/libcaffe.so (0x00007f1d2a000000)
\tlibopenblas.so.0 => /lib/x86_64-linux-gnu/libopenblas.so.0 (0x00007f1d28000000)
\tlibgomp.so.1 => not found
\t/lib64/ld-linux-x86-64.so.2 (0x00007f1d2a400000)
"""


def test_ldd_output_is_parsed():
    libs = pack_libs.parse_ldd(LDD)
    assert [(lib.name, str(lib.path) if lib.path else None, lib.loader) for lib in libs] == [
        ("libcaffe.so", "/w/build-original/libcaffe.so", False),
        ("libopenblas.so.0", "/lib/x86_64-linux-gnu/libopenblas.so.0", False),
        ("libgomp.so.1", None, False),
        ("ld-linux-x86-64.so.2", "/lib64/ld-linux-x86-64.so.2", True)]
    # the loader's --list names the interpreter with "=>": a plain library line then
    listed = pack_libs.parse_ldd("\t/lib64/ld-linux-x86-64.so.2 => /p/lib/ld-linux-x86-64.so.2 "
                                 "(0x00007f93cbf97000)\n")
    assert [(lib.name, str(lib.path)) for lib in listed] == [
        ("/lib64/ld-linux-x86-64.so.2", "/p/lib/ld-linux-x86-64.so.2")]


def test_libraries_are_placed_per_build_only_where_they_differ(tmp_path):
    files = {}
    for name in ("a/libcaffe.so", "b/libcaffe.so", "libc.so.6", "libgomp.so.1"):
        files[name] = tmp_path / name
        files[name].parent.mkdir(parents=True, exist_ok=True)
        files[name].write_text(name)
    lib = pack_libs.Library
    per_exe = {"original": [lib("libcaffe.so", files["a/libcaffe.so"]),
                            lib("libc.so.6", files["libc.so.6"])],
               "transformed": [lib("libcaffe.so", files["b/libcaffe.so"]),
                               lib("libc.so.6", files["libc.so.6"]),
                               lib("libgomp.so.1", files["libgomp.so.1"])]}
    placed = pack_libs.placement(per_exe)
    assert sorted(placed["lib"]) == ["libc.so.6", "libgomp.so.1"]
    assert placed["original"] == {"libcaffe.so": files["a/libcaffe.so"].resolve()}
    assert placed["transformed"] == {"libcaffe.so": files["b/libcaffe.so"].resolve()}


def test_size_check_refuses_an_oversized_folder(tmp_path):
    (tmp_path / "small").write_bytes(b"x" * 1000)
    assert pack_libs.check_size(tmp_path) == 1000
    with open(tmp_path / "big.so", "wb") as fh:  # sparse: 61 MB of apparent size
        fh.truncate(61_000_000)
    with pytest.raises(InputError, match="over the 60 MB bound"):
        pack_libs.check_size(tmp_path)


def test_pack_refuses_a_folder_it_did_not_write(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "mine.txt").write_text("keep")
    with pytest.raises(InputError, match="not an earlier pack"):
        pack._check_out(out, ROOT / "caffe_src")
    with pytest.raises(InputError, match="inside the tree"):
        pack._check_out(ROOT / "caffe_src" / "packed", ROOT / "caffe_src")
    (out / "manifest.json").write_text(json.dumps({"kind": pack.MARKER}))
    pack._check_out(out, ROOT / "caffe_src")  # an earlier pack may be replaced


def test_cli_usage_errors_exit_2(tmp_path):
    for args, message in [(["--pack", tmp_path / "p"], "needs PATH"),
                          ([], "needs PATH"),
                          (["caffe_src", "--pack-net", "x.prototxt"], "goes with --pack"),
                          (["caffe_src", "--pack", ROOT / "caffe_src" / "p"], "inside the tree"),
                          (["--from-pack", tmp_path], "no raw/ directory"),
                          (["--pack", tmp_path / "p", "--from-pack", tmp_path],
                           "do not go together")]:
        r = cgp("bench", *args)
        assert r.returncode == 2 and message in r.stderr, (args, r.stderr)
        assert r.stderr.strip().count("\n") == 0


# ---- a fake pack: the script's flow without a build --------------------------------------

FAKE_LOADER = """#!/usr/bin/env bash
[ "$1" = --library-path ] || { echo "not started through the loader" >&2; exit 9; }
shift 2
exec "$@"
"""
# A driver that answers as the real one does: the BLAS kernel (Prescott, slow, unless
# OPENBLAS_CORETYPE names another) and fixed iteration times per configuration.
FAKE_DRIVER = """#!/usr/bin/env bash
build=$(basename "$(dirname "$0")")
env >&2
if [ "$1" = blas ]; then
  core=${OPENBLAS_CORETYPE:-Prescott}
  echo "CGP blas-core $core"
  echo "CGP blas-config OpenBLAS 0.3.21 NO_LAPACKE DYNAMIC_ARCH NO_AFFINITY $core"
  if [ "$core" = Prescott ]; then echo "CGP gemm-gflops 2.5"; else echo "CGP gemm-gflops 90.25"; fi
  exit 0
fi
net=""
while [ $# -gt 0 ]; do [ "$1" = --net ] && net=$2; shift; done
case "$build:${OMP_NUM_THREADS:-x}:${OPENBLAS_NUM_THREADS}:$net" in
  original:1:1:*-b32.prototxt) ms=10.5 ;;
  original:x:1:*) ms=20 ;;
  original:x:2:*) ms=16 ;;
  transformed:1:1:*) ms=20.4 ;;
  transformed:2:1:*) ms=10.2 ;;
  *) ms=999 ;;
esac
for i in 1 2 3; do echo "CGP iter $ms"; done
echo "CGP layer conv1 Convolution 1.0 2.0"
echo "CGP rss 20480"
[ "$build" = transformed ] && echo "CGP private 4096 8192"
exit 0
"""
NETS_TSV = ("name\tsolver\tnet\tbatch\titerations\twarmup\tt1_us\tstartup_us\tceilings\n"
            "lenet\tnets/lenet_solver.prototxt\tnets/lenet.prototxt\t64\t4\t1\t20000\t30000\t"
            "2=nets/lenet-b32.prototxt\n")
MANIFEST = {"kind": pack.MARKER, "tree": "/src/tree", "transformed_types": ["Convolution"],
            "nets": [{"name": "lenet", "batch": 64, "iterations": 4, "warmup": 1,
                      "ceiling": {"2": 32}, "data": "data: synthetic"}]}


@pytest.fixture
def fake_pack(tmp_path):
    folder = tmp_path / "pack"
    for rel, text in [("lib/ld-linux-x86-64.so.2", FAKE_LOADER),
                      ("bin/original/cgp_harness", FAKE_DRIVER),
                      ("bin/transformed/cgp_harness", FAKE_DRIVER)]:
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_text(text)
        os.chmod(folder / rel, 0o755)
    (folder / "nets").mkdir()
    for name in ("lenet_solver", "lenet", "lenet-b32"):
        (folder / "nets" / f"{name}.prototxt").write_text("")
    (folder / "nets.tsv").write_text(NETS_TSV)
    (folder / "manifest.json").write_text(json.dumps(MANIFEST))
    shutil.copyfile(Path(pack_summary.__file__), folder / "summary.py")
    script(folder, threads=(1, 2, 4, 8, 16))
    return folder


def run_fake(folder: Path, *args):
    env = {"PATH": os.environ["PATH"], "HOME": str(folder),
           "LD_LIBRARY_PATH": "/leaked", "OMP_NUM_THREADS": "7"}  # must not reach a driver
    return subprocess.run(["bash", str(folder / "run.sh"), *args], capture_output=True,
                          text=True, env=env, cwd=folder.parent, timeout=300)


def test_fake_pack_runs_round_robin_in_a_clean_environment(fake_pack):
    r = run_fake(fake_pack, "--threads", "1,2,64", "--rounds", "3", "--cores", "2")
    assert r.returncode == 0, r.stdout + r.stderr
    results = fake_pack / "results"
    assert "threads 64: more than the 2 cores, left out" in r.stdout
    runs = (results / "runs.tsv").read_text().splitlines()
    assert [ln.split("\t")[2] for ln in runs[1:6]] == ["baseline", "coarse-1", "blas-2",
                                                       "ceiling-2", "coarse-2"]
    assert len(runs) == 1 + 3 * 5 and all(ln.split("\t")[4] == "0" for ln in runs[1:])
    assert sorted(p.name for p in (results / "raw" / "lenet").glob("ceiling-2.r0.*.txt")) == [
        "ceiling-2.r0.p0.txt", "ceiling-2.r0.p1.txt"]
    env = (results / "raw" / "lenet" / "coarse-2.r1.err").read_text().splitlines()
    assert "OMP_NUM_THREADS=2" in env and "OPENBLAS_NUM_THREADS=1" in env
    assert not any(v.startswith("LD_LIBRARY_PATH=") for v in env)
    blas_env = (results / "raw" / "lenet" / "blas-2.r0.err").read_text().splitlines()
    assert "OPENBLAS_NUM_THREADS=2" in blas_env
    assert not any(v.startswith("OMP_NUM_THREADS=") for v in blas_env)
    assert "estimate" in r.stdout and "done in" in r.stdout


def test_fake_pack_picks_the_faster_blas_kernel(fake_pack):
    r = run_fake(fake_pack, "--threads", "1", "--rounds", "1", "--cores", "1")
    assert r.returncode == 0, r.stdout + r.stderr
    blas = pack_summary.key_values(fake_pack / "results" / "blas.txt")
    cpu = blas_check.read_cpu()
    bound = blas_check.peak_bound(cpu.flags, cpu.mhz)
    want = blas_check.kernel_verdict("Prescott", cpu.flags, 2.5, bound, cpu.vendor,
                                     "OpenBLAS DYNAMIC_ARCH")
    assert blas["default_core"] == "Prescott" and blas["default_gflops"] == "2.5"
    assert blas["default_verdict"].split()[0] == want.kind
    if want.kind != "ok":  # tried with the core that fits, kept as the faster one
        fix = blas_check.right_core(cpu.flags, cpu.vendor)
        assert blas["tried_coretype"] == fix and blas["chosen_coretype"] == fix
        assert blas["chosen_core"] == fix and blas["chosen_gflops"] == "90.25"
        assert blas["chosen_file"] == f"blas-{fix}.txt"
        env = (fake_pack / "results" / "raw" / "lenet" / "baseline.r0.err").read_text()
        assert f"OPENBLAS_CORETYPE={fix}" in env.splitlines()
    summary = json.loads((fake_pack / "results" / "summary.json").read_text())
    assert summary["nets"][0]["rows"][0]["coarse_ms"]["median"] == 20.4


def test_fake_pack_estimate_and_budget(fake_pack):
    def estimate(*args):
        r = run_fake(fake_pack, "--estimate-only", *args)
        assert r.returncode == 0, r.stderr
        return r.stdout
    # per round: 2 x (30 ms + (1 + 2 x 4) x 20 ms) for baseline and coarse-1, at 16 threads
    # also coarse, blas and ceiling per T: the model of bench/pack.py's docstring
    one = estimate("--cores", "1", "--threads", "1", "--rounds", "1")
    assert "estimate: 10 s" in one  # 0.42 s of runs + 10 s fixed, whole seconds
    auto = estimate("--cores", "16", "--threads", "1,2,4,8,16")
    assert "7 rounds" in auto and "iterations at 100%" in auto
    tight = estimate("--cores", "16", "--threads", "1,2,4,8,16", "--budget", "11")
    assert "3 rounds" in tight and "iterations at 100%" not in tight
    assert "not packed" in run_fake(fake_pack, "--estimate-only", "--threads", "1,3",
                                    "--cores", "4").stdout


def test_fake_pack_refuses_to_overwrite_results(fake_pack):
    assert run_fake(fake_pack, "--threads", "1", "--rounds", "1").returncode == 0
    r = run_fake(fake_pack, "--threads", "1", "--rounds", "1")
    assert r.returncode == 2 and "holds an earlier run" in r.stderr


# ---- the summary from canned driver lines ------------------------------------------------

def canned_results(tmp_path: Path) -> Path:
    """Two rounds of LeNet at 1 and 2 threads; round 1 of blas-2 failed."""
    results = tmp_path / "results"
    raw = results / "raw" / "lenet"
    raw.mkdir(parents=True)
    (results / "manifest.json").write_text(json.dumps(MANIFEST))
    times = {"baseline": [20.0, 22.0], "coarse-1": [20.4, 20.6], "blas-2": [16.0, None],
             "coarse-2": [10.2, 10.0]}
    for cfg, per_round in times.items():
        for rnd, ms in enumerate(per_round):
            body = "" if ms is None else (f"CGP iter {ms}\nCGP iter {ms + 5}\nCGP iter {ms}\n"
                                          f"CGP layer conv1 Convolution {ms / 4} {ms / 2}\n"
                                          f"CGP rss {20480 + 1024 * rnd}\n")
            (raw / f"{cfg}.r{rnd}.txt").write_text(body)
    for rnd, (a, b) in enumerate([(10.0, 10.5), (11.0, 12.0)]):
        for proc, ms in enumerate((a, b)):
            (raw / f"ceiling-2.r{rnd}.p{proc}.txt").write_text(f"CGP iter {ms}\nCGP rss 15360\n")
    (results / "runs.tsv").write_text("round\tnet\tconfig\tprocs\trc\twall_ms\n"
                                      "1\tlenet\tblas-2\t1\t134\t50\n")
    (results / "blas.txt").write_text("default_core=Cooperlake\nchosen_core=Cooperlake\n"
                                      "chosen_gflops=105.2\n")
    return results


def test_summary_from_canned_lines(tmp_path):
    summary = pack_summary.summarize(canned_results(tmp_path))
    net = summary["nets"][0]
    assert net["net"] == "lenet" and net["rounds"] == 2 and net["baseline_ms"]["median"] == 21.0
    one, two = net["rows"]
    assert one["coarse_ms"]["median"] == pytest.approx(20.5)
    assert one["ceiling_speedup"] == 1.0 and one["blas_ms"] == net["baseline_ms"]
    assert two["blas_ms"]["runs"] == [16.0]  # the failed round left out
    assert two["coarse_speedup"] == pytest.approx(21.0 / 10.1)
    assert two["ceiling_ms"]["runs"] == [10.5, 12.0]  # each round: its slowest process
    ceiling = 21.0 * 2 * 32 / (64 * 11.25)
    assert two["ceiling_speedup"] == pytest.approx(ceiling)
    assert two["coarse_of_ceiling"] == pytest.approx(21.0 / 10.1 / ceiling)
    assert two["peak_rss_mb"]["original"] == 21.0 and two["peak_rss_mb"]["coarse"] == 21.0
    assert summary["failures"] == [{"round": "1", "net": "lenet", "config": "blas-2",
                                    "rc": "134"}]
    assert "| lenet | 2 | 10.10 | 2.08x |" in pack_summary.table(summary)
    assert summary["warnings"] == []  # the ceiling at 2 threads is 1.87x


def test_summary_warns_when_the_machine_gave_fewer_cores():
    row = {"threads": 2, "ceiling_speedup": 1.02}
    got = pack_summary.warnings([{"net": "lenet", "rows": [{"threads": 1,
                                                            "ceiling_speedup": 1.0}, row]}])
    assert len(got) == 1 and "lenet at 2 threads: the ceiling is 1.02x" in got[0]


def test_summary_agrees_with_bench_figures(tmp_path):
    results = canned_results(tmp_path)
    summary = pack_summary.summarize(results)
    loaded = pack_results.load(results)
    rows = loaded["nets"][0]["figures"]["rows"]
    for mine, bench in zip(summary["nets"][0]["rows"], rows):
        assert mine["coarse_speedup"] == pytest.approx(bench["coarse_speedup"])
        assert mine["blas_speedup"] == pytest.approx(bench["fine_speedup"])
        assert mine["ceiling_speedup"] == pytest.approx(bench["ceiling_speedup"])
    assert loaded["nets"][0]["figures"]["layers"][0]["name"] == "conv1"
    assert "held back most by" in pack_results.table(loaded)


def test_summary_runs_without_the_package(tmp_path):
    results = canned_results(tmp_path)
    copy = tmp_path / "elsewhere" / "summary.py"
    copy.parent.mkdir()
    shutil.copyfile(Path(pack_summary.__file__), copy)
    r = subprocess.run([sys.executable, "-I", str(copy), str(results)], capture_output=True,
                       text=True, cwd=copy.parent)
    assert r.returncode == 0, r.stderr
    assert json.loads((results / "summary.json").read_text())["nets"][0]["net"] == "lenet"
    assert "| lenet | 1 |" in r.stdout


def test_from_pack_writes_json_and_plots(tmp_path):
    pytest.importorskip("matplotlib")
    results = canned_results(tmp_path)
    out = tmp_path / "plots" / "speedup.png"
    r = cgp("bench", "--from-pack", results, "--plot", out, "--json", tmp_path / "s.json")
    assert r.returncode == 0, r.stderr
    assert out.read_bytes()[:4] == b"\x89PNG"
    assert (tmp_path / "plots" / "speedup-lenet.png").is_file()
    data = json.loads((tmp_path / "s.json").read_text())
    assert data["nets"][0]["figures"]["rows"][1]["threads"] == 2
    assert figures.slowest_layers(data["nets"][0]["figures"])


# ---- end to end, on tests/test_check.py's builds -----------------------------------------

BUILT = [WORK / "original" / "build-original" / "cgp_harness" / "cgp_harness",
         WORK / "transformed" / "build-openmp" / "cgp_harness" / "cgp_harness",
         WORK / "transformed-tree"]


@pytest.mark.skipif(shutil.which("cmake") is None or not all(p.exists() for p in BUILT),
                    reason="no builds in build/test_check (tests/test_check.py makes them)")
def test_pack_and_run_end_to_end(tmp_path):
    out = tmp_path / "pack"
    r = cgp("bench", "caffe_src", "--pack", out, "--work", WORK, "--transformed", BUILT[2],
            "--net", "lenet", "--pack-net", "caffe_src/examples/mnist/lenet_train_test.prototxt",
            "--json", tmp_path / "manifest.json", timeout=1800)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "packed" in r.stdout and "16 cores, estimate:" in r.stdout
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert [n["name"] for n in manifest["nets"]] == ["lenet", "lenet_train_test"]
    assert manifest["bytes"] <= pack_libs.MAX_BYTES
    assert (out / "lib" / "libopenblas.so.0").is_file() and (out / "lib" / manifest["loader"])
    assert "Convolution" in manifest["transformed_types"]
    moved = tmp_path / "elsewhere" / "pack"  # the folder runs from wherever it is copied
    shutil.copytree(out, moved)
    shutil.rmtree(out)
    results = tmp_path / "results"
    run = subprocess.run(["env", "-i", "PATH=/usr/bin:/bin", f"HOME={tmp_path}", "bash",
                          str(moved / "run.sh"), "--threads", "1", "--rounds", "1",
                          "--iterations", "2", "--results", str(results)],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    for build in ("original", "transformed"):  # every library from the moved folder
        libs = pack_libs.parse_ldd((results / f"libs-{build}.txt").read_text())
        assert libs and all(moved in lib.path.parents for lib in libs), libs
    summary = json.loads((results / "summary.json").read_text())
    assert [n["net"] for n in summary["nets"]] == ["lenet", "lenet_train_test"]
    assert all(n["rows"][0]["coarse_ms"]["median"] > 0 for n in summary["nets"])
    assert summary["blas"]["chosen_gflops"] and not summary["failures"]
    back = cgp("bench", "--from-pack", results, "--json", tmp_path / "back.json")
    assert back.returncode == 0, back.stderr
    assert "lenet_train_test: training iteration" in back.stdout


def test_fake_pack_blas_start_is_kept_when_no_better_one(fake_pack):
    r = run_fake(fake_pack, "--threads", "1", "--rounds", "1", "--cores", "1",
                 "--blas-start", "Haswell")
    assert r.returncode == 0, r.stdout + r.stderr
    blas = pack_summary.key_values(fake_pack / "results" / "blas.txt")
    assert blas["start_coretype"] == "Haswell" and blas["chosen_coretype"] == "Haswell"
    assert blas["chosen_file"] == "blas-default.txt"
    env = (fake_pack / "results" / "raw" / "lenet" / "coarse-1.r0.err").read_text()
    assert "OPENBLAS_CORETYPE=Haswell" in env.splitlines()
