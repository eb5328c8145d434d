"""bench's options for the prepared many-core run (`--pack`, `--pack-net`, `--from-pack`),
kept apart from pack.py so that the command line parser imports nothing heavy."""


def add_arguments(p) -> None:
    """bench's prepared many-core run (issue 24): the folder, and its results back here."""
    p.add_argument("--pack", metavar="DIR",
                   help="instead of timing here, pack both drivers, their libraries, the "
                        "nets (synthetic data) and run.sh into DIR (at most 60 MB) for a "
                        "bare many-core machine: bash DIR/run.sh")
    p.add_argument("--pack-net", action="append", default=[], metavar="FILE",
                   help="with --pack, also this net or solver .prototxt (repeatable)")
    p.add_argument("--from-pack", metavar="RESULTS",
                   help="the results directory of a packed run: its table, and with --json "
                        "and --plot the figures and plots (no PATH)")
