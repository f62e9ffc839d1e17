"""Verifying a report: its attachments read back, the figures rebuilt and compared."""
