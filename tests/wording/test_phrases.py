"""Phrases that keep their sign: a slower candidate is worded as slower, never as a fraction faster."""

from tests.sections.helpers import build, section, texts


def test_a_slower_candidate_is_worded_as_slower(folder):
    data = folder("data")
    saves = (data / "save_times.csv").read_text().replace(",94", ",356")
    (data / "save_times.csv").write_text(saves)
    ctx, m = build(data)
    assert m.save.speedup == 0.5
    summary = " ".join(texts(section(ctx, "summary").blocks))
    # one save per system: what follows from the two values is a condition (cold read 13, M1)
    # one value per system: no established difference, as a load pair of one load time each (cold read 22, M1)
    assert "178 s more per save, 2.00× slower by the ratio of the means, not yet established" in summary
    assert "the run would end 9.89% later" in summary
    assert "fewer steps per unit of time" in summary and "a loss of 90.0 GPUs of capacity" in summary
    assert "−" not in summary and "0.5× faster" not in summary
    # the stall-free interval grows on a slower candidate: (110 − 55) × 3.244 s ÷ 2 = 89.2 s, and its checkpoints are
    # durable 356 − 178 = 178 s later (cold read 28, M1): 267 s more per failure, never "a shorter stall-free interval
    # (from 55 to 110 steps)" or a negative saving
    assert m.async_.stall_free_rework_s == (55 - 110) * m.reliability.step_time_s / 2 + 178 - 356
    assert (
        "grows from 55 to 110 steps, so the job must checkpoint less often and recompute 267 s more after each "
        "failure on average" in " ".join(texts(section(ctx, "async").blocks))
    )
    tiles = {k.id: (k.value, k.label) for k in ctx.cover.tiles}
    assert tiles["speedup"] == ("Not established", "save speedup")
    # ETTR at 1,622 s between saves, M = 50,677 h × 3,600 ÷ 8: 1 ÷ (1 + 178/1622 + 1800/2M + 600/M) = 0.901,
    # 1 ÷ (1 + 356/1622 + 1978/2M + 600/M) = 0.820; the speedup tile, not the ETTR's note, says the save times
    assert tiles["ettr"] == ("0.901 → 0.820", "effective training time ratio (ETTR), if the means held")
    notes = {k.id: k.note for k in ctx.cover.tiles}
    assert notes["speedup"] == ("178 s → 356 s per save, 0.500×; one save time each, spread unknown")
    assert "save time" not in notes["ettr"]
    assert tiles["training"] == ("9.89%", "longer training run, if the means held")


def test_a_narrow_interval_settles_the_size_whatever_spread_fails_a_gate():
    """Cold read 19, AA-M5: "faster at 95% confidence, its size not yet settled" of 32.6-35.6× (35.6 ÷ 32.6 = 1.092,
    within compute.speedup.SETTLED_WIDTH, 1.1) beside a baseline whose spread fails G1; 1.20-1.60× (1.333) stays unsettled."""
    from types import SimpleNamespace as NS

    from report import i18n
    from report.wording.phrases import measured_speed

    def metrics(low, high, mean):
        gates = (NS(id="G1", status="fail"), NS(id="G2", status="pass"))
        return NS(gates=gates, save=NS(speedup=mean, speedup_ci95=(low, high)))

    assert measured_speed(metrics(32.6, 35.6, 34.08)) == (
        "34.1× faster by the means, within a narrow 95% interval, though a repeatability gate fails"
    )
    assert measured_speed(metrics(1.2, 1.6, 1.4)) == (
        "1.40× faster by the means: faster at 95% confidence, its size not yet settled"
    )
    with i18n.activate("zh-CN"):
        assert measured_speed(metrics(32.6, 35.6, 34.08)) == (
            "按均值计算，加速比为 34.1 倍，95% 置信区间较窄，加快的幅度已可确定，但有一项重复性门槛未通过"
        )
