#!/bin/sh
# run one attack's harness under the machine's caps: 2 GB of address space, 120 s
cd "$(dirname "$0")/../../.." || exit 3
ulimit -v 2000000
script=${SCRIPT:-harness.py}
exec timeout 300 .venv/bin/python docs/readings/attacks-6/$script "$@"
