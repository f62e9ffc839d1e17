"""Where a build's time goes: with REPORT_TRACE set, each side prints its steps against one clock (make bench)."""

from __future__ import annotations

import os
import sys
import time

_ON = bool(os.environ.get("REPORT_TRACE"))
_START = float(os.environ.get("REPORT_TRACE_START") or time.time())


def start_clock() -> None:
    """Share this process's start with the processes it starts, so that both sides print on one clock."""
    if _ON:
        os.environ["REPORT_TRACE_START"] = repr(_START)


def mark(side: str, step: str) -> None:
    """Print `step` done on `side`, in seconds since the build started."""
    if _ON:
        print(f"trace {time.time() - _START:7.3f} s  {side:4s} {step}", file=sys.stderr, flush=True)
