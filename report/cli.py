"""The command line: `build DATA_DIR --out OUT_DIR`, `verify REPORT.pdf`, `rows DATA_DIR`; it only wires the stages."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from report.problems import InvalidInput

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m report", description="Checkpoint joint-test report generator.")
    sub = parser.add_subparsers(dest="command", required=True)
    build = sub.add_parser("build", help="build report.html, report.pdf and metrics.json from a joint-test folder")
    build.add_argument("data_dir", type=Path, metavar="DATA_DIR", help="the joint-test folder")
    build.add_argument("--out", type=Path, required=True, metavar="OUT_DIR", help="where to write the outputs")
    verify = sub.add_parser("verify", help="recompute a report's figures from its attached inputs")
    verify.add_argument("pdf", type=Path, metavar="REPORT.pdf")
    rows = sub.add_parser("rows", help="print the rows the [[import]] tables give, as CSV, for a person to check")
    rows.add_argument("data_dir", type=Path, metavar="DATA_DIR", help="the joint-test folder")
    return parser


def _rows(args: argparse.Namespace) -> int:
    from report.load import imported_csv, load

    try:
        test = load(args.data_dir)
    except InvalidInput as exc:
        print(f"The joint test in {args.data_dir} is not valid:", file=sys.stderr)
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return EXIT_INVALID
    sys.stdout.write(imported_csv(test))
    return EXIT_OK


def _build(args: argparse.Namespace) -> int:
    from report.build import build

    try:
        build(args.data_dir, args.out)
    except InvalidInput as exc:
        print(f"The joint test in {args.data_dir} cannot be reported on; nothing was written:", file=sys.stderr)
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return EXIT_INVALID
    print(
        f"wrote {args.out / 'report.pdf'}, {args.out / 'report.html'} and {args.out / 'metrics.json'}", file=sys.stderr
    )
    return EXIT_OK


def _verify(args: argparse.Namespace) -> int:
    from report.verify import verify

    if not args.pdf.is_file():
        print(f"{args.pdf}: no such file", file=sys.stderr)
        return EXIT_INVALID
    try:
        found = verify(args.pdf)
    except InvalidInput as exc:
        found = [f"attached {p}" for p in exc.problems]
    except Exception as exc:  # a damaged or foreign PDF: say so rather than show a traceback
        found = [f"{args.pdf}: cannot be read as a report ({type(exc).__name__}: {exc})"]
    if found:
        print(f"{args.pdf}: the figures do NOT match the attached inputs:", file=sys.stderr)
        for line in found:
            print(line, file=sys.stderr)
        return EXIT_INVALID
    print(f"{args.pdf}: every figure matches a recomputation from the attached inputs", file=sys.stderr)
    return EXIT_OK


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exc:
        return EXIT_OK if exc.code == 0 else EXIT_USAGE
    return {"build": _build, "verify": _verify, "rows": _rows}[args.command](args)
