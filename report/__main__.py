"""`python -m report`: the command line."""

import os
import sys

try:
    from report.cli import main

    status = main()
except KeyboardInterrupt:  # before the command line could take it over (while importing)
    print("interrupted; nothing was written", file=sys.stderr)
    status = 130
# The outputs are written and synced: leave without tearing down WeasyPrint, pandas and the rest, which only
# costs time (about 0.1 s) and cannot change what was written.
from report.trace import mark

mark("pdf", "exits")
sys.stdout.flush()
sys.stderr.flush()
os._exit(status)
