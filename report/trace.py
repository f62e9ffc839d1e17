"""Where a build's time goes: with REPORT_TRACE set, each side prints its steps against one clock (make bench).

Each step is printed with the wall-clock seconds since the build started and the CPU seconds (user + system) its
process has used so far, so that a loaded machine, which stretches the first, still shows what each step costs.
The clock starts at REPORT_TRACE_START when the caller sets it (make bench sets it when it starts the command, so
the interpreter's start-up and the imports before the build are on the clock too), else when this module is imported.
"""

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
    """Print `step` done on `side`, in seconds since the build started and CPU seconds of this process so far."""
    if _ON:
        cpu = time.process_time()
        print(f"trace {time.time() - _START:7.3f} s  cpu {cpu:6.3f} s  {side:4s} {step}", file=sys.stderr, flush=True)
