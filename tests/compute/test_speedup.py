"""compute/speedup.py: how far the save speedup is established, decided once (the wording only words the reading)."""

from types import SimpleNamespace as NS

from report.compute import speedup
from report.compute.speedup import (
    ESTABLISHED,
    FASTER_UNSETTLED,
    NO_DIFFERENCE,
    SETTLED,
    SLOWER_UNESTABLISHED,
    UNESTABLISHED,
    speedup_reading,
)


def metrics(mean, ci, g1="pass", g2="pass"):
    gates = (NS(id="G1", status=g1), NS(id="G2", status=g2), NS(id="G3", status="pass"))
    return NS(gates=gates, save=NS(speedup=mean, speedup_ci95=ci))


def test_each_reading_from_its_interval_and_gates():
    # 0.9-1.2 holds 1: no difference shown, whatever the gates
    assert speedup_reading(metrics(1.05, (0.9, 1.2), g1="fail")) == NO_DIFFERENCE
    # G1 and G2 pass, 1.5-2.1 excludes 1: established
    assert speedup_reading(metrics(1.8, (1.5, 2.1))) == ESTABLISHED
    # G1 fails: 32.6-35.6 is narrow (35.6 / 32.6 = 1.092 <= 1.1), so its size is settled
    assert speedup_reading(metrics(34.08, (32.6, 35.6), g1="fail")) == SETTLED
    # 1.20-1.60: 1.60 / 1.20 = 1.333 > 1.1, faster but its size not settled
    assert speedup_reading(metrics(1.4, (1.2, 1.6), g2="fail")) == FASTER_UNSETTLED
    # 1.00-1.10 is just 1.1 times its low end, but not wholly above 1 (1 is inside it): no difference
    assert speedup_reading(metrics(1.05, (1.0, 1.1), g1="fail")) == NO_DIFFERENCE
    # 2.0-2.2: exactly 1.1 times the low end settles it
    assert speedup_reading(metrics(2.1, (2.0, 2.2), g1="fail")) == SETTLED
    # slower by the means, a gate failing: not established, whatever the interval's width
    assert speedup_reading(metrics(0.5, (0.45, 0.48), g1="fail")) == SLOWER_UNESTABLISHED
    # one value a side: no interval, not established
    assert speedup_reading(metrics(1.9, None)) == UNESTABLISHED


def test_the_finding_holds_for_both_sides_with_its_reading():
    (found,) = speedup.save_speedup(None, metrics(34.08, (32.6, 35.6), g1="fail"))
    assert found.id == "save_speedup"
    assert found.scope.items == ("baseline", "candidate") and found.scope.whole
    assert (found["reading"], found["ratio"], found["ci"]) == (SETTLED, 34.08, (32.6, 35.6))
