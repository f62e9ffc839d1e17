"""The gates and next steps: what would decide each open gate."""

from tests.conftest import DATA, FIXTURES, ROOT
from tests.sections.helpers import build, section, texts


def test_undecided_gates_ask_for_the_runs_they_lack():
    ctx, _m = build(DATA)
    assert ctx.cover.verdict_label == "Undecided, more measurements needed"
    steps = texts(section(ctx, "gates").blocks)
    assert "G1: time 2 more saves of 32B LoRA on Local NVMe (single drive) (1 of the 3 needed)." in steps
    assert "G2: time 2 more saves of 32B LoRA on Mingxin FX100 (1 of the 3 needed)." in steps
    ctx, _ = build(FIXTURES / "repeated")
    assert not any(t.startswith(("G1:", "G2:", "G3:")) for t in texts(section(ctx, "gates").blocks))


def test_straddling_interval_gives_the_runs_that_would_decide_it(folder):
    data = folder("repeated")
    toml = (data / "test.toml").read_text().replace("max_cv_pct = 10", "max_cv_pct = 10\ntarget_speedup = 1.8")
    (data / "test.toml").write_text(toml)
    ctx, m = build(data)
    assert m.gates[2].status == "insufficient" and m.next_steps.g3_runs_per_side is not None
    n = m.next_steps.g3_runs_per_side
    step = next(t for t in texts(section(ctx, "gates").blocks) if t.startswith("G3:"))
    assert step.startswith(f"G3: the interval straddles the 1.8× target. With the spread observed so far, {n} runs")
    assert "this assumes the means and the spread persist" in step
    assert "repeat each save at least the required number" not in " ".join(texts(section(ctx, "gates").blocks))


def test_an_impractical_number_of_runs_says_so_with_separators():
    """fio-local: 1,050 runs per system, 1,047 more than the 3 each system has: not a next step, reduce the spread."""
    ctx, m = build(ROOT / "examples" / "fio-local")
    assert m.next_steps.g3_runs_per_side == 1050 and m.save.baseline.runs == m.save.candidate.runs == 3
    step = next(t for t in texts(section(ctx, "gates").blocks) if t.startswith("G3:"))
    assert step == (
        "G3: the interval straddles the 1.5× target. With the spread observed so far, about 1,050 runs per system "
        "would place it wholly above the target (1,047 more runs on each system): not practical for a joint test, so "
        "reduce the spread first (G1, G2). This assumes the means and the spread persist."
    )
