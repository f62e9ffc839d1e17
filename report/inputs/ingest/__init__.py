"""Reading the field tools' own outputs (fio, MLPerf Storage, Megatron-LM, NeMo) into the rows of the three tables.

Each tool has one module of pure functions from bytes to runs; `report/inputs/ingest/imports.py` runs test.toml's
`[[import]]` tables over them and numbers the runs; `report/inputs/ingest/files.py` finds the files inside the folder.
"""
