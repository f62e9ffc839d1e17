"""The save runs that stand out (report/wording/outlier_words.py), on small folders whose figures are worked by hand."""

from __future__ import annotations

from tests.compute.test_findings import TOML, write_folder
from tests.sections.helpers import build, build_printed

#: 200 saves of 10 GB, one every 100 steps of 2 s: Base's runs 12.0, 12.1, 11.9, 12.0 and 14.0 s (median 12.0, median
#: absolute deviation 0.1, so run 5's modified z-score is 0.6745 × 2 ÷ 0.1 = 13.5); Cand's 6.0 to 6.1 s.
BASE, CAND = [12.0, 12.1, 11.9, 12.0, 14.0], [6.0, 6.1, 5.9, 6.0, 6.05]


def _folder(tmp_path, note: str):
    toml = TOML.replace("checkpoint_interval_steps = 500", "checkpoint_interval_steps = 100")
    return write_folder(tmp_path / "slow_base", f'{toml}\n[sources]\nsave_times = "{note}"\n', BASE, CAND)


def test_a_slow_baseline_run_that_fails_only_g1_is_said_to_widen_the_lead(tmp_path):
    """Cold read 15, R: "not yet; the cause of one slow run decides it first" beside a controller failover the record
    of the save runs names. Base's CV with run 5 is 100 × 0.897 ÷ 12.4 = 7.24% (G1 fails against 5%); without it
    0.68%, and the speedup's interval (1.89–2.26×) lies above 1.5× either way: G1 alone turns on the run."""
    ctx, m = build(_folder(tmp_path, "during Base run 5 controller A took over from controller B"))
    assert m.save.baseline.outlier_runs == (5,) and [g.status for g in m.gates] == ["fail", "pass", "pass", "pass"]
    speed = next(r for r in ctx.cover.reasons if r.startswith("Saves take"))
    assert speed.startswith("Saves take 6.01 s against 12.4 s; the speedup's 95% interval (1.89–2.26×) lies at or")
    assert speed.endswith(
        "Base averages 12 s without its run 5 (14 s); the record of the save runs gives a controller failover as that "
        "run's cause, and the run fails only Base's own repeatability (G1): a slower Base run only widens Cand's lead."
    )
    (tmp_path / "zh").mkdir()
    ctx, _m = build_printed(_folder(tmp_path / "zh", "Base 第 5 次运行期间控制器 A 接管了控制器 B 的卷"), "zh-CN")
    assert "保存运行记录写明该次运行的原因是控制器故障切换。这次运行只让Base自身的测量重复性（G1）不通过" in " ".join(
        ctx.cover.reasons
    )


def test_a_slow_baseline_run_with_no_cause_recorded_is_said_to_widen_the_lead_whatever_it(tmp_path):
    ctx, _m = build(_folder(tmp_path, "Base run 5 was slow"))
    assert next(r for r in ctx.cover.reasons if r.startswith("Saves take")).endswith(
        "Base averages 12 s without its run 5 (14 s); that run fails only Base's own repeatability (G1): a slower Base "
        "run only widens Cand's lead, whatever its cause."
    )
