"""`cgp-transform PATH [-o OUT]` from the command line: PATH-parallel by default, refusals,
--diff, --report (by extension), --only."""
import json
import shutil
import subprocess
import sys

import pytest
from support.cli import small_fixtures


def run(*args, cwd):
    return subprocess.run([sys.executable, "-m", "transformer", *args], capture_output=True,
                          text=True, cwd=cwd)


@pytest.fixture(scope="module")
def fixtures_tree(tmp_path_factory):
    return small_fixtures(tmp_path_factory.mktemp("cli") / "fixtures")


def test_out_exists_needs_force(fixtures_tree, tmp_path, root):
    out = tmp_path / "out"
    out.mkdir()
    r = run(str(fixtures_tree), "-o", str(out), cwd=root)
    assert r.returncode == 2 and "already exists" in r.stderr
    assert r.stderr.strip().count("\n") == 0
    r = run(str(fixtures_tree), "-o", str(out), "--force", "--quiet", cwd=root)
    assert r.returncode == 0, r.stderr
    assert (out / "include" / "cgp_runtime.hpp").exists()


def test_out_inside_input_is_refused(fixtures_tree, root):
    r = run(str(fixtures_tree), "-o", str(fixtures_tree / "out"), cwd=root)
    assert r.returncode == 2 and "inside the input tree" in r.stderr
    assert not (fixtures_tree / "out").exists()


def test_one_argument_writes_beside_the_input(fixtures_tree, tmp_path, root):
    tree = tmp_path / "tree"
    shutil.copytree(fixtures_tree, tree)
    r = run(str(tree), "--no-format", cwd=root)
    out = tmp_path / "tree-parallel"
    assert r.returncode == 0, r.stderr
    assert (out / "include" / "cgp_runtime.hpp").exists()
    assert f"output: {out}" in r.stdout and f"cgp-transform check {tree}" in r.stdout
    # a second run refuses, in one line, and leaves the first output alone
    before = sorted(p.relative_to(out) for p in out.rglob("*"))
    r = run(str(tree), cwd=root)
    assert r.returncode == 2 and "already exists" in r.stderr and "--force" in r.stderr
    assert r.stderr.strip().count("\n") == 0
    assert sorted(p.relative_to(out) for p in out.rglob("*")) == before
    r = run("transform", str(tree), "--force", "--no-format", "--quiet", cwd=root)
    assert r.returncode == 0, r.stderr


@pytest.mark.parametrize("name", ["report.txt", "report", "report.md.bak"])
def test_report_needs_a_known_extension(fixtures_tree, tmp_path, root, name):
    r = run(str(fixtures_tree), "-o", str(tmp_path / "out"), "--report",
            str(tmp_path / name), cwd=root)
    assert r.returncode == 2 and ".md" in r.stderr and ".json" in r.stderr
    assert not (tmp_path / "out").exists() and not (tmp_path / name).exists()


def test_diff_applies_with_git(fixtures_tree, tmp_path, root):
    r = run(str(fixtures_tree), "-o", str(tmp_path / "out"), "--diff", "--no-format",
            cwd=root)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("diff --git a/")
    copy = tmp_path / "copy"
    shutil.copytree(fixtures_tree, copy)
    patch = tmp_path / "p.diff"
    patch.write_text(r.stdout)
    g = subprocess.run(["git", "apply", str(patch)], cwd=copy, capture_output=True, text=True)
    assert g.returncode == 0, g.stderr
    for f in (tmp_path / "out").rglob("*.cpp"):
        assert (copy / f.relative_to(tmp_path / "out")).read_bytes() == f.read_bytes()


def test_report_and_only(fixtures_tree, tmp_path, root):
    report = tmp_path / "report.md"
    r = run(str(fixtures_tree), "-o", str(tmp_path / "out"), "--only", "FxScratchMemberLayer",
            "--report", str(report), "--quiet", cwd=root)
    assert r.returncode == 0, r.stderr
    assert "## Left as they were, and why" in report.read_text()
    assert not (tmp_path / "report.md.json").exists()
    as_json = tmp_path / "report.json"
    r = run(str(fixtures_tree), "-o", str(tmp_path / "out"), "--force", "--only",
            "FxScratchMemberLayer", "--report", str(as_json), "--quiet", cwd=root)
    assert r.returncode == 0, r.stderr
    data = json.loads(as_json.read_text())
    assert data["applied"] and {a["class"] for a in data["applied"]} == {"FxScratchMemberLayer"}
    assert any(x["why"] == "not selected by --only" for x in data["left"])


def test_syntax_error_file_is_copied_and_listed(fixtures_tree, tmp_path, root):
    tree = tmp_path / "tree"
    shutil.copytree(fixtures_tree, tree)
    bad = tree / "rng_layers.cpp"
    bad.write_bytes(bad.read_bytes() + b"\nthis is not C++ at all (\n")
    before = bad.read_bytes()
    out = tmp_path / "out"
    r = run(str(tree), "-o", str(out), "--no-format", cwd=root)
    assert r.returncode == 1, r.stderr
    assert "rng_layers.cpp" in r.stdout
    assert (out / "rng_layers.cpp").read_bytes() == before
    assert (out / "conv_layers.cpp").read_bytes() != (tree / "conv_layers.cpp").read_bytes()
    assert bad.read_bytes() == before


def test_crlf_and_non_utf8_bytes_are_preserved(fixtures_tree, tmp_path, root):
    tree = tmp_path / "tree"
    shutil.copytree(fixtures_tree, tree)
    conv = tree / "conv_layers.cpp"
    text = conv.read_bytes().replace(b"\n", b"\r\n")
    text = text.replace(b"// Convolution", b"// Convolution \xe9\xff", 1)
    conv.write_bytes(text)
    untouched = tree / "helpers.cpp"  # nothing to rewrite in it: copied byte for byte
    untouched.write_bytes(b"// helpers \xfe\r\nint fx_twice(int x) { return 2 * x; }\r\n")
    out = tmp_path / "out"
    r = run(str(tree), "-o", str(out), cwd=root)
    assert r.returncode == 0, r.stderr
    new = (out / "conv_layers.cpp").read_bytes()
    assert new != text and b"cgp-transform" in new
    assert new.count(b"\n") == new.count(b"\r\n"), "a bare LF was written into a CRLF file"
    assert b"\xe9\xff" in new
    assert (out / "helpers.cpp").read_bytes() == untouched.read_bytes()
    assert conv.read_bytes() == text


def test_already_transformed_tree_says_so(fixtures_tree, tmp_path, root):
    first = tmp_path / "first"
    r = run(str(fixtures_tree), "-o", str(first), "--no-format", cwd=root)
    assert r.returncode == 0, r.stderr
    r = run(str(first), "-o", str(tmp_path / "second"), "--no-format", cwd=root)
    assert r.returncode == 0, r.stderr
    assert "already transformed: nothing to do" in r.stdout
    assert "0 regions rewritten" in r.stdout


def test_help_documents_every_option(root):
    import argparse

    from transformer.cli import build_parser
    parser = build_parser()
    subs = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert set(subs.choices) == {"analyze", "transform", "check", "bench"}
    for name, sub in subs.choices.items():
        for action in sub._actions:
            assert action.help, f"{name} {action.option_strings or action.dest} has no help"
        r = run(name, "--help", cwd=root)
        assert r.returncode == 0
        for action in sub._actions:
            for opt in action.option_strings:
                assert opt in r.stdout, (name, opt)
