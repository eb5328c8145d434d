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
