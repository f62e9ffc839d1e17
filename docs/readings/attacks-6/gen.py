"""Write a small synthetic joint-test folder (measured, shared storage, sync) from a few parameters.

gen.folder(path, base=[...], cand=[...], loads={(model, platform): ([baseline], [candidate])},
           restores=(b_list or None, c_list or None), toml="extra TOML", training="extra [training] lines",
           gpus=16, snapshot=100.0, systems="extra [systems] lines")
"""

from __future__ import annotations

import shutil
from pathlib import Path

B, C, L = "Vault Kestrel", "Array Osprey", "Share Heron"
MODEL = "Model Quartz"


def folder(
    path,
    base,
    cand,
    loads=None,
    restores=None,
    toml="",
    training="",
    gpus=16,
    snapshot=100.0,
    systems="",
    bw=(2.0, 8.0),
    steps="total_steps = 20000\ncheckpoint_interval_steps = 500\nstep_time_s = 2.0",
):
    p = Path(path)
    shutil.rmtree(p, ignore_errors=True)
    p.mkdir(parents=True)
    (p / "test.toml").write_text(
        f'title = "attack6"\ncustomer = "Example Customer"\ndate = 2026-12-06\n\n'
        f'[systems]\ncandidate = "{C}"\nsave_baseline = "{B}"\nload_baseline = "{L}"\n{systems}\n'
        f'[training]\nmodel = "{MODEL}"\n{steps}\ncluster_gpus = 256\n{training}\n{toml}\n',
        encoding="utf-8",
    )
    rows = ["system,model,gpus,snapshot_gb,run,save_s"]
    for system, times in ((B, base), (C, cand)):
        rows += [f"{system},{MODEL},{gpus},{snapshot},{i + 1},{t!r}" for i, t in enumerate(times)]
    (p / "save_times.csv").write_text("\n".join(rows) + "\n")
    rows = ["system,run,t_s,write_gbps"]
    for system, g in ((B, bw[0]), (C, bw[1])):
        for run in (1, 2):
            rows += [f"{system},{run},{t},{g * (1 + 0.002 * ((t + run) % 3))}" for t in range(12)]
    (p / "bandwidth.csv").write_text("\n".join(rows) + "\n")
    loads = loads if loads is not None else {(MODEL, "Rig Alpha"): ([60.0, 61.0, 60.5], [20.0, 20.2, 20.1])}
    rows = ["system,model,platform,size_gb,run,load_s"]
    for (model, platform), (lb, lc) in loads.items():
        rows += [f"{L},{model},{platform},30,{i + 1},{t!r}" for i, t in enumerate(lb)]
        rows += [f"{C},{model},{platform},30,{i + 1},{t!r}" for i, t in enumerate(lc)]
    (p / "load_times.csv").write_text("\n".join(rows) + "\n")
    if restores is not None:
        rows = ["system,model,run,restore_s"]
        for system, times in ((B, restores[0]), (C, restores[1])):
            rows += [f"{system},{MODEL},{i + 1},{t!r}" for i, t in enumerate(times or [])]
        (p / "restore_times.csv").write_text("\n".join(rows) + "\n")
    return p
