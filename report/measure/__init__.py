"""`python -m report measure`: the joint test's storage measurements with fio, recorded into its folder.

Stages: plan (sizes, job files, steps; pure), probe (the machine and the path), session (run fio step by
step, record each finished run), record (test.toml's [[import]] and [environment]), progress (what a
person sees).
"""
