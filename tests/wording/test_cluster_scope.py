"""What the cluster figures assume, as the training bubble and value sections word it
(report/wording/cluster_scope.py), on fixtures whose figures are worked by hand (cold reads 15, R-M2, S-M5; 15pq, P-M2,
P-M3, Q-M1, Q-M3)."""

from tests.conftest import FIXTURES
from tests.sections.helpers import build, section, texts


def _said(path, section_id: str) -> str:
    return " ".join(texts(section(build(path)[0], section_id).blocks))


def _priced(folder):
    data = folder("economics")
    toml = data / "test.toml"
    toml.write_text(
        toml.read_text().replace("runs_per_year  = 12\n", "runs_per_year  = 12\ncandidate_price = 640000\n")
    )
    return data


def test_the_attachment_and_the_price_are_said_as_the_assumptions_they_are(folder):
    # 512 GPUs ÷ 8 a node = 64 nodes; 8 × 200 Gb/s each: 64 × 1,600 ÷ 8 = 12,800 GB/s; the 16-GPU job ran on 2
    said = _said(_priced(folder), "economics")
    assert (
        "The cluster figures assume every one of the cluster's 64 nodes is attached to Array X as the test's were "
        "(8 × 200 Gb/s each, 12,800 GB/s of links in all); this test's job ran on 2 of them. The other 62 nodes' clients "
        "and links were neither tested nor priced, so the cluster figures leave that cost out." in said
    )
    assert (
        "The paybacks set the price of Array X as given, 640,000 USD, against the value of this 16-GPU job's runs or "
        "of the whole 512-GPU cluster (64 nodes); the test record does not say what the price covers (capacity, the "
        "64 nodes' clients and links, years of support), which is for the customer to confirm." in said
    )
    assert "The cluster rows also take" not in said  # Old NAS within its bandwidth on average (32.4%)


def test_the_baseline_demand_is_said_beside_the_candidates(folder):
    # Old NAS: 32 × 64 GB ÷ (2,000 + 110) s = 0.971 GB/s, 0.971 ÷ 3.00 = 32.4%; 2,048 ÷ 110 = 18.6 GB/s, 6.2×
    said = _said(_priced(folder), "bubble")
    assert (
        "Old NAS would take the same jobs' saves today: 0.971 GB/s on average, 32.4% of its 3.00 GB/s in this test, and "
        "18.6 GB/s (6.2× of it) if every job saved at once." in said
    )
    assert "Even staggered" not in said  # within its bandwidth on average


def test_async_writes_are_due_by_the_interval_and_an_oversubscribed_baseline_is_said():
    # async_mode: 1,000 ÷ 8 = 125 jobs of 65.6 GB, a save every 500 × 0.3 = 150 s: 125 × 65.6 ÷ 150 = 54.7 GB/s at
    # once, where the contract's peak, each write within its 94.0 s save, is 8,200 ÷ 94.0 = 87.2 GB/s; Local NVMe
    # averages 44.4 GB/s, 44.4 ÷ 3.26 = 13.6×, and 54.7 ÷ 3.26 = 16.8× at once
    said = _said(FIXTURES / "async_mode", "bubble")
    assert (
        "every job writing at once needs 125 × 65.6 GB ÷ 150 s = 54.7 GB/s of Mingxin FX100, not the 87.2 GB/s that "
        "writes within this test's save time would take." in said
    )
    assert (
        "44.4 GB/s on average, 13.6× of its 3.26 GB/s in this test, and 54.7 GB/s (16.8× of it) if every job's write, due "
        "by its next save 150 s later, ran at once. Even staggered, that is more than" in said
    )
    assert "so its writes would outlast the interval and stall training" in said


def test_a_candidate_on_each_node_is_assumed_on_every_node_and_its_price_scope_asked():
    said = _said(FIXTURES / "node_local_candidate", "economics")
    assert (
        "The cluster figures assume BX-4 on every one of the cluster's 256 nodes; this test's job ran on 32 of them. The "
        "other 224 nodes' BX-4 were not tested here, but are within the price, which is for the whole cluster's."
        in said
    )
    # cold read 20, AC-M4: the price is BX-4's sized for the cluster (CONTRACT.md), so no "whether it covers"
    assert "for the whole 2,048-GPU cluster's BX-4, one on each of its 256 nodes" in said
    assert "does not say which years of support it includes" in said and "whether the price covers" not in said
    # beside the value's "0 USD at today's interval": HS-9 takes the baseline's saves at 4.17× its bandwidth
    assert (
        # the system named in full once in the section, by what re-tuning costs it (cold read 17, W-M1), then short
        "The cluster rows also take the saves on HS-9 as this test timed them, though "
        "the cluster's jobs would need 4.17× of its bandwidth in this test even staggered (see “Training bubble analysis”): they hold on that side only "
        "with fewer such jobs or more bandwidth." in said
    )
    bubble = _said(FIXTURES / "node_local_candidate", "bubble")
    # HS-9: 8 × 5,572 GB ÷ (372 + 5.3) s = 118 GB/s, 4.17× its 28.3 GB/s (cold read 15pq, Q-M3)
    assert "118 GB/s on average, 4.17× of its 28.3 GB/s in this test" in bubble
    assert "either the cluster does not run 8 such jobs at this interval, or HS-9 is short of bandwidth" in bubble


def test_the_re_tuned_baseline_carrying_the_cluster_s_jobs_is_said_where_re_tuning_is_the_lever():
    # retune (cold read 16, U-M5): M = 10,000 h × 3,600 ÷ 16 = 2,250,000 s; √(2 × 110 × 2,250,000) = 22,248.6 s =
    # 11,124 steps of 2.0 s; 32 × 64 = 2,048 GB ÷ 22,248.6 s = 0.0921 GB/s, 3.07% of 3.00 GB/s; 2,048 ÷ 3.00 = 683 s
    said = _said(FIXTURES / "retune", "reliability")
    assert (
        "Re-tuned to its optimal interval (11,124 steps), Old NAS would carry the cluster's 32 such jobs: 0.0921 GB/s "
        "on average, 3.07% of its 3.00 GB/s in this test, and written together their checkpoints would take 683 s, "
        "within the 22,200 s between saves." in said
    )


def _carry(**retuned) -> str:
    from types import SimpleNamespace as NS

    from report.wording.cluster_scope import retuned_carry

    sides = {"baseline": {"measured_gbps": 13.8, "retuned_steps": 550.2, "retuned_interval_s": 3244.6, **retuned}}
    found = {"sides": sides, "jobs": 6}
    return retuned_carry(
        NS(findings=NS(get=lambda key: found if key == "cluster_demand" else None), name=lambda s: "NAS")
    )


def test_a_re_tuned_baseline_short_of_bandwidth_is_said_so():
    # 6 jobs × 5,670 GB = 34,020 GB: ÷ 3,244.6 s = 10.49 GB/s, 76.0% of 13.8; ÷ 13.8 = 2,465 s, within 3,245 s
    within = _carry(retuned_gbps=10.485, retuned_at_once_s=2465.2, retuned_carries=True, retuned_drains=True)
    assert "NAS would carry the cluster's 6 such jobs: 10.5 GB/s on average, 76.0% of its 13.8 GB/s" in within
    assert "would take 2,470 s, within the 3,240 s between saves" in within
    # the same bytes over a 1,000 s interval: 34.0 GB/s, 2.5× 13.8 (at the digits its printed operands give), which re-tuning does not carry
    short = _carry(retuned_gbps=34.02, retuned_at_once_s=2465.2, retuned_carries=False, retuned_drains=False)
    assert "would still need 34.0 GB/s on average for the cluster's 6 such jobs, 2.5× of its 13.8 GB/s" in short
    assert short.endswith("re-tuning alone does not carry them.")
    staggered = _carry(retuned_gbps=10.485, retuned_at_once_s=4000.0, retuned_carries=True, retuned_drains=False)
    assert "only while their saves stay staggered: written together, their checkpoints would take 4,000 s, longer" in (
        staggered
    )
