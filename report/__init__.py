"""Checkpoint joint-test report generator: measured CSVs in, figures, HTML and PDF out."""

__version__ = "0.1.0"
