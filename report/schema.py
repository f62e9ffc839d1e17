"""metrics.json as a report carries it: its name among the attachments and its schema's version.

Here, apart from the figures (report/compute, which imports pandas), so that verify reads a report's metrics.json
without importing what only a rebuild needs.
"""

METRICS_NAME = "metrics.json"
# metrics.json's layout: raised whenever a key's meaning changes (CONTRACT.md); verify refuses any other.
SCHEMA_VERSION = 4
