"""`python -m report`: the command line."""

import contextlib
import gc
import os
import sys

# A command runs for seconds and leaves by os._exit, so the cyclic collector's passes free little that the exit would
# not: off, the imports take a tenth less and WeasyPrint's layout a sixth less, for 15 MB more at the default build's
# peak and none at 10 million samples' (make bench). The worker (report/pipeline/worker.py) does the
# same; tests, which call the commands in one long process, keep it on.
try:
    gc.disable()
    if sys.argv[1:2] in (["build"], ["verify"]):
        from report.pipeline import limits, spawn

        # its imports are the longest road to the HTML: begun before this process reads anything, unless the
        # machine's limits leave no room for it (the command then says so in one line: pipeline/limits.py)
        if limits.check(sys.argv[1]) is None:
            with contextlib.suppress(OSError):  # no process to be had: the command tries again, says so (exit 3)
                spawn.start_early()
    from report.cli import main

    status = main()
except KeyboardInterrupt:  # before the command line could take it over (while importing)
    print("interrupted; nothing was written", file=sys.stderr)
    status = 130
# The outputs are written and synced: leave without tearing down WeasyPrint, pandas and the rest, which only
# costs time (about 0.1 s) and cannot change what was written. A worker started early that no command took is stopped
# (only build and verify start one: the other commands do not import report.pipeline.spawn for it).
from report.trace import mark

if (started := sys.modules.get("report.pipeline.spawn")) is not None:
    started.discard()

mark("pdf", "exits")
sys.stdout.flush()
sys.stderr.flush()
os._exit(status)
