"""What WeasyPrint logs, kept: the renderer's handler on its logger."""

from __future__ import annotations

import logging


class LoggedMessages(logging.Handler):
    """The messages of the records at `level` or above, kept: what WeasyPrint logged (report/pdf/renderer.py), as it
    logs and goes on."""

    def __init__(self, level: int):
        super().__init__(level)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())
