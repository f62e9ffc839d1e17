"""A node-local candidate against a shared NAS, asynchronous saves with equal staging (cold read 14c and Chinese reading
14c, Q: tests/fixtures/node_local_candidate is cold tests 14's Q as read). The figures below are worked by hand from
its CSVs and test.toml; each rule is also held on another joint test, where it must say something else or nothing.

By hand: HS-9's six saves average 1,272.02 ÷ 6 = 212.003 s, BX-4's eight 153.87 ÷ 8 = 19.234 s; with the staging
(5.3 s) equal and both writes within the compute between saves (60 × 6.2 = 372 s), each save stalls 5.3 s on either
system: the run is as long on both, 0% shorter, and no storage could reach G4's default 2%. At 33 steps the compute
between saves is 33 × 6.2 = 204.6 s, which HS-9's 212 s write outlasts. BX-4's run 6 (21.22 s) stands out; its
other seven runs average 132.65 ÷ 7 = 18.95 s with a sample deviation of sqrt(0.4116 ÷ 6) = 0.262 s, a CV of 1.38%.
"""

import shutil

from report.inputs.joint_test import read_joint_test
from tests.conftest import FIXTURES, ROOT
from tests.sections.helpers import build, build_printed, cover_text, paras, section

Q = FIXTURES / "node_local_candidate"


def _text(ctx, section_id: str) -> str:
    return " ".join(p.text for p in paras(section(ctx, section_id).blocks))


def _gate_rows(ctx):
    rows = next(b for b in section(ctx, "gates").blocks if getattr(b, "kind", "") == "gates").rows
    return {row.id: row for row in rows}


# ---- 1. a gate whose target no one agreed ---------------------------------------------------------------------------


def test_a_default_g4_is_not_assessed_on_the_customer_pages_and_fails_in_metrics():
    ctx, m = build(Q)
    assert {g.id: g.status for g in m.gates} == {"G1": "pass", "G2": "pass", "G3": "pass", "G4": "fail"}
    c = ctx.cover
    assert c.verdict_label == "G1, G2 and G3 pass; G4 not assessed: no training-time target was agreed"
    assert c.verdict_style == "undecided"
    assert c.verdict_gates.endswith(
        "Training-time benefit (G4) not assessed, no target agreed: the run as long on either system (reference: 2% "
        "shorter)."
    ), c.verdict_gates
    assert not any("G4 failed" in tile.mark or "G4" in tile.mark for tile in c.tiles), [t.mark for t in c.tiles]
    assert "tool's default" not in cover_text(ctx)
    row = _gate_rows(ctx)["G4"]
    assert (row.label, row.style) == ("Not assessed (no target agreed)", "unagreed")
    # the reference last, after what the figures say (the optima's 0.650% against 0.576%: 0.074 points)
    assert row.detail == (
        "training time the same on either system at today's interval; each system at its optimal interval, "
        "0.074 percentage points less failure-aware overhead; reference 2% shorter, not agreed with the customer"
    )
    note = _text(ctx, "gates")
    assert "3 of 4 gates pass; G4 (marked “–”) is not assessed: no training-time target was agreed." in note
    assert "for G4, a training run 2% shorter serves as a reference, not agreed with the customer." in note


def test_an_agreed_g4_that_fails_still_fails():
    """tests/fixtures/gates_fail sets its training-time target: its G4 is a target missed, marked as one."""
    ctx, m = build(FIXTURES / "gates_fail")
    assert "G4" in m.verdict.failed
    row = _gate_rows(ctx)["G4"]
    assert row.style == "fail" and "not assessed" not in row.label.lower()
    assert "not assessed" not in cover_text(ctx)


def test_a_default_g4_that_storage_could_reach_is_not_assessed_either(tmp_path):
    """The rule holds whether or not some storage could reach the default: data/ with a save every 2,000 steps,
    5 saves in the 36,000 s run: compute 36,000 − 5 × 178 = 35,110 s; the candidate saves 5 × (178 − 94) = 420 s, 420 ÷
    36,000 = 1.17% shorter, below 2%, while saves that took no time would make it 5 × 178 ÷ 36,000 = 2.47%."""
    folder = tmp_path / "data2000"
    shutil.copytree(ROOT / "data", folder)
    toml = folder / "test.toml"
    toml.write_text(toml.read_text().replace("checkpoint_interval_steps = 500", "checkpoint_interval_steps = 2000"))
    ctx, m = build(folder)
    assert m.gates_reach.g4_reachable and {g.id: g.status for g in m.gates}["G4"] == "fail"
    assert (
        "Training-time benefit (G4) not assessed, no target agreed: the run 1.17% shorter, below the 2% reference"
        in (ctx.cover.verdict_gates)
    )
    assert _gate_rows(ctx)["G4"].style == "unagreed"
    assert "G4 failed" not in " ".join(t.mark for t in ctx.cover.tiles)


# ---- 2. what would change it ----------------------------------------------------------------------------------------


def test_what_would_change_it_gives_the_interval_and_why_not_a_target():
    ctx, _m = build(Q)
    changes = ctx.cover.changes
    assert changes.startswith(
        "What would change it: a save every 33 steps or fewer, where HS-9's write (212 s) would outlast the compute "
        "between saves (205 s)"
    ), changes
    assert "target agreed" not in changes


# ---- 3. a node-local candidate's own risk, sized ----------------------------------------------------------------


def test_page_one_points_to_the_node_loss_bound_and_sizes_the_copy_against_hs9():
    """By hand: a save cycle of 60 × 6.2 + 5.3 = 377.3 s, 5,572 ÷ 377.3 = 14.77 GB/s a job, × 8 jobs (2,048 ÷ 256) =
    118.1 GB/s, ÷ HS-9's 28.343 GB/s = 4.17×; BX-4's optimal interval 2,217.9 s, 5,572 ÷ 2,217.9 × 8 = 20.1 GB/s,
    70.9% of 28.343."""
    ctx, _m = build(Q)
    text = cover_text(ctx)
    # one clause with its figure and a pointer (cold read 15pq, Q-M5); the worst case is bounded in the failure
    # section, not set beside the time saved on page 2 (Q-M2)
    assert (
        "BX-4 keeps a node's part of each checkpoint on that node: a failed node takes it along, and restarting "
        "elsewhere needs a copy off the node, untimed; to HS-9 at today's interval, the cluster's 8 such jobs would "
        "need 118 GB/s, 4.17× the 28.3 GB/s this test logged on HS-9 (the copy once per optimal interval, and the "
        "worst case of a lost node: “Failures and the checkpoint interval”)."
    ) in text, text
    assert "61,800 USD" not in text and "17.2 million USD" not in text
    failures = _text(ctx, "reliability")
    assert "storage whose bandwidth this test did not measure" not in failures
    assert (
        "Copying the checkpoints off the node in the background to Hollis HS-9 hybrid NAS (existing), one 5,572 GB "
        "checkpoint per 377 s before the next save, takes 14.8 GB/s per job on average; the cluster's 8 such jobs "
        "would need 118 GB/s, 4.17× the 28.3 GB/s this test logged on HS-9."
    ) in failures


def test_a_node_local_baseline_s_copy_still_goes_to_storage_not_measured():
    """tests/fixtures/node_local_retune: the baseline is local to each node and the candidate is what is being bought,
    so the copy has no measured target."""
    ctx, _m = build(FIXTURES / "node_local_retune")
    assert "storage whose bandwidth this test did not measure" in _text(ctx, "reliability")
    assert "this test logged on" not in cover_text(ctx)


# ---- 4. loads from a node-local candidate -------------------------------------------------------------------------


def test_the_cold_start_saving_holds_on_a_node_that_holds_the_model():
    ctx, _m = build(Q)
    answers = _text(ctx, "qa")
    assert (
        "Deploying and serving: a cold start on a node that already holds the model, as at a restart, takes 68.1 s "
        "less for AI21-Jamba-1.5-Large on AMD Instinct MI355X 8-GPU server; a scale-out onto a fresh node or a model "
        "update needs the model copied onto the node's drives first, which this test did not time"
    ) in answers, answers
    assert "at every scale-out" not in answers
    assert "a scale-out onto a fresh node or a model update needs that copy first." in _text(ctx, "loading")
    shared, _m = build(ROOT / "examples" / "async-70b")  # a shared candidate: every cold start
    assert "a cold start, at every scale-out, restart and model update, takes 77.3 s less" in _text(shared, "qa")


# ---- 5. an outlying run whose cause the record gives --------------------------------------------------------------


def test_a_throttled_run_is_named_on_page_one_and_asked_about():
    from report.compute.counterpoints import recorded_outlier

    ctx, m = build(Q)
    found = recorded_outlier(read_joint_test(Q), m)
    assert found is not None and found["runs"] == (6,) and found["cause"] == "thermal" and found["near"]
    assert round(found["cv_without_pct"], 2) == 1.38
    assert (
        "1 of 8 runs on BX-4 stands out, with a drive at its thermal limit as the recorded cause; it alone brings "
        "G2's spread to 4.36% against the 5% limit (1.38% without it)."
    ) in cover_text(ctx)
    assert "Ask how often its drives reach that limit under a training load" in _text(ctx, "gates")


def test_an_outlier_without_a_recorded_cause_is_not_raised(tmp_path):
    from report.compute.counterpoints import recorded_outlier

    folder = tmp_path / "q"
    shutil.copytree(Q, folder)
    toml = folder / "test.toml"
    text = toml.read_text()
    toml.write_text(
        text.replace("reached its thermal limit and throttled", "finished last").replace("81 °C", "no error")
    )
    ctx, m = build(folder)
    assert recorded_outlier(read_joint_test(folder), m) is None
    assert "stands out" not in cover_text(ctx)


# ---- 6. equal figures said as equal, directions by their sign ----------------------------------------------------


def test_equal_figures_read_as_equal_and_the_value_rises():
    ctx, _m = build(Q)
    summary = _text(ctx, "summary")
    assert (
        "the checkpoint bubble (stall time as a share of wall time) is 1.40% on either system and the run ends at the same time"
        in summary
    )
    assert "from 1.40% to 1.40%" not in summary
    bubble = _text(ctx, "bubble")
    assert "The run finishes at the same time on either system." in bubble
    notes = " ".join(b.note for b in section(ctx, "bubble").blocks if getattr(b, "kind", "") == "table")
    assert "Bubble share (stalls ÷ wall time): 1.40% on either system." in notes
    assert "no capacity is gained" in bubble and "Per 1,000 GPUs" not in bubble
    assert "with each system at its optimal interval it rises to the value above." in _text(ctx, "economics")
    assert "spends as much GPU time on checkpoints on either system" in _text(ctx, "qa")
    differs, _m = build(FIXTURES / "economics")  # figures that differ keep their "from … to …"
    assert "goes from 5.21% to 2.68%" in _text(differs, "summary")


def test_the_chinese_report_says_the_same():
    ctx, _m = build_printed(Q, "zh-CN")
    text = cover_text(ctx)
    assert "G4 因未约定训练时长目标而未评定" in ctx.cover.verdict_label
    assert "工具" not in text
    assert "是本次测试在 HS-9 上记录的 28.3 GB/s 的 4.17×" in text
    assert "保存停顿占墙钟时间的比例在两个系统上相同，为 1.40%" in _text(ctx, "summary")
    assert "在两个系统上训练同时结束。" in _text(ctx, "bubble")
    assert "它会升到上文的数值" in _text(ctx, "economics")
    assert "变为 1.40%" not in _text(ctx, "summary")


def test_a_synchronous_job_s_interval_stays_a_clause():
    """tests/fixtures/decision_page (V): synchronous saves, G4 on the tool's default out of reach at 200 steps; its
    dense decision page has no room for the saves' share (tests/pdf/test_page_one.py): the interval alone, no target."""
    ctx, _m = build(FIXTURES / "decision_page")
    assert ctx.cover.changes.startswith("What would change it: a save every 23 steps or fewer; the cluster's job mix")
