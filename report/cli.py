"""The command line: `build`, `verify`, `rows` and `measure`; it only wires the stages."""

from __future__ import annotations

import argparse
import errno
import sys
from pathlib import Path

from report.i18n import LANGUAGES
from report.problems import InvalidInput, escaped, shown_path

EXIT_OK, EXIT_INVALID, EXIT_USAGE, EXIT_ENVIRONMENT, EXIT_INTERRUPTED = 0, 1, 2, 3, 130
EXIT_OTHER_GENERATOR = 4  # verify: built by another generator version, so not verified by this one


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m report", description="Checkpoint joint-test report generator.")
    sub = parser.add_subparsers(dest="command", required=True)
    build = sub.add_parser("build", help="build report.html, report.pdf and metrics.json from a joint-test folder")
    build.add_argument("data_dir", type=Path, metavar="DATA_DIR", help="the joint-test folder")
    build.add_argument("--out", type=Path, required=True, metavar="OUT_DIR", help="where to write the outputs")
    build.add_argument(
        "--language", choices=tuple(LANGUAGES), help="the report's language (default: test.toml's, else en)"
    )
    build.add_argument("--sign", type=Path, metavar="KEY.pem", help="sign the PDF with this RSA key (PEM)")
    build.add_argument("--cert", type=Path, metavar="CERT.pem", help="the signing key's certificate (PEM)")
    verify = sub.add_parser("verify", help="recompute a report's figures from its attached inputs")
    verify.add_argument("pdf", type=Path, metavar="REPORT.pdf")
    verify.add_argument(
        "--figures-only",
        action="store_true",
        help="check only metrics.json's figures and the numbers the pages print (not the page text, the page count"
        " or the bytes); for a report of another generator version. Never says 'verified'",
    )
    rows = sub.add_parser("rows", help="print the rows the [[import]] tables give, as CSV, for a person to check")
    rows.add_argument("data_dir", type=Path, metavar="DATA_DIR", help="the joint-test folder")
    from report.measure.command import add_parser

    add_parser(sub)
    parser.set_defaults(commands=sub.choices)  # each command's own parser, for its own usage line
    return parser


def _rows(args: argparse.Namespace) -> int:
    from report.inputs.joint_test import imported_csv, read_joint_test

    try:
        test = read_joint_test(args.data_dir)
    except InvalidInput as exc:
        _line(f"The joint test in {shown_path(args.data_dir)} is not valid:")
        for problem in exc.problems:
            _line(str(problem))
        return EXIT_INVALID
    sys.stdout.write(imported_csv(test))
    return EXIT_OK


def _build(args: argparse.Namespace) -> int:
    from report.pdf.sign import SigningError
    from report.pipeline.build import build

    if (args.sign is None) != (args.cert is None):
        _line("--sign KEY.pem and --cert CERT.pem go together")
        return EXIT_USAGE
    if (said := _limits("build")) is not None:
        _line(said)
        return EXIT_ENVIRONMENT
    try:
        build(args.data_dir, args.out, (args.sign, args.cert) if args.sign else None, args.language)
    except SigningError as exc:
        _line(f"{exc}; nothing was written")
        return EXIT_ENVIRONMENT
    except InvalidInput as exc:
        _line(f"The joint test in {shown_path(args.data_dir)} cannot be reported on; nothing was written:")
        for problem in exc.problems:
            _line(str(problem))
        return EXIT_INVALID
    written = [shown_path(args.out / name) for name in ("report.pdf", "report.html", "metrics.json")]
    _line(f"wrote {written[0]}, {written[1]} and {written[2]}")
    from report.measure.session import recording

    if recording(args.data_dir):  # field test 8, minor 13a: a build during a session said nothing of it
        _line(
            f"note: a measure session is adding runs to {shown_path(args.data_dir)}: this report holds the runs"
            " recorded when the build read test.toml; build again once the session has finished"
        )
    return EXIT_OK


def _limits(command: str) -> str | None:
    """What keeps the machine from running a `command` that builds (its process and file limits), or None."""
    from report.pipeline import limits

    return limits.check(command)


def _verify(args: argparse.Namespace) -> int:
    from report.inputs.safe_read import Unreadable
    from report.verify.check import OtherGenerator, Refused, verify_file

    pdf = shown_path(args.pdf)  # escaped: a name holding a newline cannot print a line of its own (issue 44, V4)
    if (said := _limits("verify")) is not None:
        _line(said)
        return EXIT_ENVIRONMENT
    try:
        outcome = verify_file(args.pdf, args.figures_only)
    except Unreadable as exc:
        _line(f"{pdf}: {exc}")
        return EXIT_INVALID
    except Refused as exc:
        _line(f"{pdf}: refused, not verified: {exc}")
        return EXIT_INVALID
    except OtherGenerator as exc:
        _line(f"{pdf}: {exc}")
        return EXIT_OTHER_GENERATOR
    except (ArithmeticError, LookupError, TypeError, ValueError, AttributeError, RecursionError) as exc:
        # A damaged or foreign PDF that pypdf or pyHanko stumbles on deeper down: a message, not a traceback.
        _line(f"{pdf}: cannot be verified ({type(exc).__name__}: {str(exc)[:200]})")
        return EXIT_INVALID
    return _say(pdf, outcome)


_LOOSE = "figures only (page text, page count and bytes NOT compared)"


def _say(pdf: str, outcome) -> int:
    """verify's lines: the signature, the notes, then the differences or the one line that says what matched. `pdf`:
    the report's path as messages print it (shown_path)."""
    mark = f"{_LOOSE}: " if outcome.figures_only else ""
    _line(f"{pdf}: {mark}{outcome.signature or 'not signed'}")
    for note in outcome.notes:
        _line(f"{pdf}: {mark}note: {note}")
    if outcome.differences:
        _line(f"{pdf}: {mark}the report does NOT match a rebuild from its attached inputs:")
        for line in outcome.differences:
            _line(f"{mark}{line}")
        return EXIT_INVALID
    if outcome.figures_only:
        _line(
            f"{pdf}: {mark}every figure of metrics.json and every number the pages print match a rebuild from the"
            " attached inputs; this is not verification"
        )
        return EXIT_OK
    _line(f"{pdf}: verified: every figure matches a rebuild from the attached inputs, and so does every page")
    return EXIT_OK


def _line(text: str) -> None:
    """One line of a message on standard error, every character that is not printable escaped (problems.escaped): a
    name, a value or a page's text quoted in it can neither start a line of its own nor rewrite one."""
    print(escaped(text), file=sys.stderr)


def environment_message(exc: OSError) -> str:
    """One line for a failure of the machine rather than of the input: disk full, permissions, a read-only disk."""
    from report.pipeline.output import OutputError

    if isinstance(exc, OutputError):
        return str(exc)
    where = shown_path(exc.filename) if exc.filename is not None else "the build"
    reason = exc.strerror or str(exc) or type(exc).__name__
    if exc.errno == errno.EFBIG:  # SIGXFSZ is ignored by Python: the write fails instead
        reason += " (the largest file this shell may write, ulimit -f, or the file system's limit)"
    return f"{where}: {reason}; nothing was written"


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    try:
        argv = sys.argv[1:] if argv is None else argv
        parser = _parser()
        args, extra = parser.parse_known_args(argv)
        if extra:  # said with the command's own usage, not the top level's (field test 8, minor 10)
            args.commands[args.command].error(f"unrecognized arguments: {' '.join(extra)}")
    except SystemExit as exc:
        return EXIT_OK if exc.code == 0 else EXIT_USAGE
    try:
        if args.command == "measure" and args.clients_sweep is not None:  # client counts: report/measure/sweep.py
            from report.measure.sweep import run as sweep

            return sweep(args, argv)
        if args.command == "measure":
            from report.measure.command import run

            return run(args, argv)
        return {"build": _build, "verify": _verify, "rows": _rows}[args.command](args)
    except KeyboardInterrupt:  # measure's lines all start with its name (field test 9, m7)
        _line(f"{'measure: ' if args.command == 'measure' else ''}interrupted; nothing was written")
        return EXIT_INTERRUPTED
    except OSError as exc:
        _line(environment_message(exc))
        return EXIT_ENVIRONMENT
    except RuntimeError as exc:  # a thread this process could not start: the machine's limits, said in one line
        from report.pipeline.limits import resource_failure

        if (said := resource_failure(exc)) is None:
            raise
        _line(f"{said}; nothing was written")
        return EXIT_ENVIRONMENT
