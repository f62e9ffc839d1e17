"""`python -m report`: the command line."""

import os
import sys

from report.cli import main

status = main()
# The outputs are written and synced: leave without tearing down WeasyPrint, pandas and the rest, which only
# costs time (about 0.1 s) and cannot change what was written.
sys.stdout.flush()
sys.stderr.flush()
os._exit(status)
