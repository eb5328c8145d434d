"""CLI behaviour on bad input: one line, the right exit code, the input untouched."""
import subprocess
import sys


def run(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "transformer", *args], capture_output=True,
                          text=True, cwd=cwd)


def test_version(root):
    r = run("--version", cwd=root)
    assert r.returncode == 0 and r.stdout.startswith("cgp-transform ")


def test_help_lists_analyze(root):
    r = run("--help", cwd=root)
    assert r.returncode == 0 and "analyze" in r.stdout


def test_missing_path(root, tmp_path):
    r = run("analyze", str(tmp_path / "nope"), cwd=root)
    assert r.returncode == 2
    assert r.stderr.strip().count("\n") == 0 and "does not exist" in r.stderr


def test_file_instead_of_directory(root, tmp_path):
    f = tmp_path / "x.cpp"
    f.write_text("int main() {}\n")
    r = run("analyze", str(f), cwd=root)
    assert r.returncode == 2 and "not a directory" in r.stderr


def test_empty_directory(root, tmp_path):
    r = run("analyze", str(tmp_path), cwd=root)
    assert r.returncode == 2 and "no C++ sources" in r.stderr


def test_tree_without_layers(root, tmp_path):
    (tmp_path / "a.cpp").write_text("int add(int a, int b) { return a + b; }\n")
    r = run("analyze", str(tmp_path), cwd=root)
    assert r.returncode == 2 and "no layer classes" in r.stderr


def test_unknown_option(root):
    r = run("analyze", "--bogus", cwd=root)
    assert r.returncode == 2 and r.stderr.strip().count("\n") == 0


def test_cmake_option_must_be_a_definition(root, tmp_path):
    """--cmake-option is checked before anything is analyzed or built: a generator or a bare
    word would replace the build's own arguments."""
    for cmd in ("check", "bench"):
        for bad in ("-GNinja", "USE_MLSL=OFF", "-DUSE_MLSL"):
            r = run(cmd, str(tmp_path), f"--cmake-option={bad}", cwd=root)
            assert r.returncode == 2, (cmd, bad, r.stderr)
            assert r.stderr.strip().count("\n") == 0 and "-DNAME=VALUE" in r.stderr


def test_cmake_option_takes_its_value_as_the_next_word_too(root, tmp_path):
    """`--cmake-option -DUSE_OPENCV=ON`, as the usage line writes it, is the option's value,
    not another option (argparse alone says 'expected one argument'); a bad value given so
    is refused as the `=` form is."""
    from transformer.cli import _attach_dash_values
    assert _attach_dash_values(["check", "t", "--cmake-option", "-DUSE_OPENCV=ON", "--race"]) \
        == ["check", "t", "--cmake-option=-DUSE_OPENCV=ON", "--race"]
    assert _attach_dash_values(["check", "--cmake-option"]) == ["check", "--cmake-option"]
    r = run("check", str(tmp_path), "--cmake-option", "-GNinja", cwd=root)
    assert r.returncode == 2 and "-DNAME=VALUE" in r.stderr, r.stderr
    assert "expected one argument" not in r.stderr


def test_cmake_options_come_after_the_tools_own(tmp_path):
    """The user's options come last, after all of cgp-transform's, so that theirs win,
    in every toolchain, and the module constants stay as they were."""
    from transformer import buildtree
    (tmp_path / "CMakeLists.txt").write_text("project(x)\n")
    for tc in (buildtree.ORIGINAL, buildtree.OPENMP, buildtree.RACE, buildtree.MPI):
        mine = buildtree.with_options(tc, ["-DUSE_MLSL=OFF", "-DCPU_ONLY=OFF"])
        args = buildtree.configure_args(tmp_path, tmp_path / "b", mine)
        assert args[-2:] == ["-DUSE_MLSL=OFF", "-DCPU_ONLY=OFF"]
        assert args.index("-DCPU_ONLY=OFF") > args.index("-DCPU_ONLY=ON")
        assert "-DUSE_MLSL=OFF" not in buildtree.configure_args(tmp_path, tmp_path / "b", tc)
    assert buildtree.with_options(buildtree.OPENMP, []) is buildtree.OPENMP
