"""`python -m report`: the command line."""

import sys

from report.cli import main

sys.exit(main())
