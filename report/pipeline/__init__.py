"""The build's orchestration: stages in order, the data side's worker process, atomic outputs."""
