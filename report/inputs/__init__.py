"""Stage 1, inputs: a joint-test folder read and checked (test.toml, the CSVs, the tools' outputs)."""
