"""The risks in words (report/wording/risks.py), on the joint tests of tests/compute/test_risks.py, whose figures are
worked there by hand."""

from __future__ import annotations

from tests.compute.test_findings import TOML, write_folder
from tests.compute.test_risks import ASYNC_TOML
from tests.sections.helpers import build, section, texts

ECONOMICS = '\n[economics]\ngpu_hour_price = 2.0\ncurrency = "USD"\nruns_per_year = 10\n'


def _tiles(ctx) -> dict:
    return {tile.id: tile for tile in ctx.cover.tiles}


def test_tiles_give_the_storage_s_share_first_where_the_staging_times_make_the_benefit(tmp_path):
    """Cold read 15, S-B1: the storage's share (0% shorter, 0 GPU-equivalents at today's interval) is the figure; the
    staging times' (0.397%, 1.02) is in the note, called a trainer setting. ETTR with 8 s on both: the baseline's
    1 / (1 + 100 × (8 / 1,000 + 1,008 / (2M) + 12 / M + 600 / M) / 100) = 0.992 against 0.992."""
    ctx, _m = build(write_folder(tmp_path / "staged", ASYNC_TOML + ECONOMICS, [12.0, 12.1, 11.9], [6.0, 6.1, 5.9]))
    tiles = _tiles(ctx)
    training = tiles["training"]
    assert (training.value, training.label) == ("0%", "shorter training run from the storage")
    # one staging time a side, no spread: not established however large the difference (cold read 20, AC-M2)
    assert training.note == (
        "0.397% shorter with the staging times given (4 s against 8 s of staging a save), a trainer setting, not the "
        "storage; not established, as no spread is given"
    )
    assert tiles["ettr"].value == "0.992 → 0.992"
    assert tiles["ettr"].label == "effective training time ratio (ETTR), the storage's part"
    assert "0.992 → 0.996 with the staging times given, a trainer setting" in tiles["ettr"].note
    assert tiles["bubble"].note.endswith("; each the staging alone, a trainer setting")
    capacity = tiles["capacity"]
    assert capacity.label.startswith("GPU-equivalents from the storage")
    assert "with the staging times given, a trainer setting" in capacity.note
    assert "not the storage" not in ctx.cover.value or ctx.cover.value.startswith(
        "Value of the time the storage saves: none at today's interval"
    )
    # 256 × 6 / M / (1 + 0.0592%) GPU-equivalents × 8,760 h × 2 USD = 2.36 USD a year
    assert ctx.cover.value.startswith(
        "Value of the time the storage saves: none at today's interval, 2.36 USD a year for the whole cluster with "
        "each system at its optimal interval. With the staging times given, a trainer setting, not the storage, and "
        "one figure a side with no spread, so that what follows is not established:"
    )
    # the economics section beside the values: 8 − 4 = 4 s a save, not established
    economics = " ".join(texts(section(ctx, "economics").blocks))
    assert (
        "The staging times are one figure a side with no spread, so their difference of 4 s a save is not "
        "established, nor is any training-time difference or value that rests on it" in economics
    )


def test_the_trainer_named_and_what_asynchronous_saves_leave_are_said(tmp_path):
    """Cold read 15, R-M3; Chinese reading 15pq, P-M2. The records name PyTorch DCP; with asynchronous saves the
    0.593% goes to nothing; a node stages 10 GB × 8 / 16 = 5 GB; restores of 5 s against 9 s stay the candidate's, and
    the rework a failure is said with the intervals it assumes: at the stall-free intervals, 3 steps against 6 (writes
    of 6 s and 12 s, 2 s a step), (6 − 3) × 2 / 2 + (12 − 6) = 9 s; a failure every 50,677 / 16 = 3,167 h."""
    toml = TOML + '\n[sources]\nsave_times = "PyTorch DCP synchronous save"\n'
    path = write_folder(tmp_path / "sync", toml, [12.0, 12.1, 11.9], [6.0, 6.1, 5.9])
    (path / "restore_times.csv").write_text("system,model,run,restore_s\nBase,M,1,9\nCand,M,1,5\n")
    ctx, _m = build(path)
    # 3 and 6 steps are both under a tenth of today's 500: no job saves that often, so no rework is offered (cold
    # tests 17, W: the asynchronous section calls it negligible)
    assert (
        "PyTorch DCP, named in this test's records, can save asynchronously, a setting of the trainer. Were its saves "
        "asynchronous, training would take as long on either system at today's interval (staging taken as 0 s, "
        "untimed), and Cand would keep restores of 5 s against 9 s." in " ".join(texts(section(ctx, "async").blocks))
    )
    assert "does not show" not in ctx.cover.changes
    # saving every 50 steps today, 6 steps is a tenth or more of it: the rework is said with the intervals it assumes
    often = write_folder(
        tmp_path / "often",
        toml.replace("checkpoint_interval_steps = 500", "checkpoint_interval_steps = 50"),
        [12.0, 12.1, 11.9],
        [6.0, 6.1, 5.9],
    )
    (often / "restore_times.csv").write_text("system,model,run,restore_s\nBase,M,1,9\nCand,M,1,5\n")
    changes = " ".join(texts(section(build(often)[0], "async").blocks))
    assert (
        "would keep restores of 5 s against 9 s and 9 s less rework a failure, were each system to save at its "
        "shortest stall-free interval (3 steps against 6, not today's 50; a failure every 3,167 h assumed)."
    ) in changes


def test_the_other_side_s_failure_state_is_among_what_would_change_it(tmp_path):
    """Cold read 15, R-M4: the baseline's run 5 timed through a failover; the candidate's never."""
    toml = TOML + '\n[sources]\nsave_times = "during Base run 5 controller A took over from controller B"\n'
    path = write_folder(tmp_path / "failover", toml, [12.0, 12.1, 11.9, 12.0, 30.0], [6.0, 6.1, 5.9, 6.0, 6.05])
    ctx, _m = build(path)
    assert (
        "What would change it: a save every 229 steps or fewer; Cand timed during a controller failover of its own, "
        "which this test did not do (only Base's runs include one). Were this job's trainer to save asynchronously, "
        "training would take as long on either system at today's interval (“Asynchronous checkpointing (what-if)”)."
        in ctx.cover.changes
    )


def test_the_load_comparison_says_what_path_it_includes(tmp_path):
    """Cold read 15, S-M4: the paths as the records give them, and no other path to the load baseline tested."""
    env = '\n[environment]\nprotocol = "Cand: native parallel client over RDMA; Filer: NFS v3 over TCP"\n'
    ctx, _m = build(write_folder(tmp_path / "paths", TOML + env, [12.0, 12.1, 11.9], [6.0, 6.1, 5.9], load_s=10))
    loading = " ".join(texts(section(ctx, "loading").blocks))
    assert (
        "Each ratio includes the path the loads took (NFS to Filer, RDMA and a native client to Cand); no other path "
        "to Filer (a faster client or mount, models kept nearer the servers) was tested." in loading
    )
