import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def fixtures_analysis(tmp_path_factory):
    """fixtures/ without its golden files, copied once, and that copy's analysis: shared by
    test_fixtures, test_golden and test_plan_render_agreement, which only read it (a test
    that changes a decision changes a copy of it)."""
    import golden

    from transformer import analyze
    tree = golden.copy_fixtures(tmp_path_factory.mktemp("shared") / "fixtures")
    return tree, analyze.run(str(tree))


@pytest.fixture(scope="session")
def caffe_src_analysis():
    from transformer import analyze
    return analyze.run(str(ROOT / "caffe_src"))
