"""The audit's sentence for one side near its bandwidth and one not (report/wording/bandwidth_share.py)."""

from types import SimpleNamespace as NS

from report.wording.bandwidth_share import near_and_far


def test_each_side_is_said_with_its_own_share():
    """Cold tests 6: "the saves run close to the sustained bandwidth" was said of both systems where the baseline
    reached 84.0% of its bandwidth and the candidate 59.5%."""
    w = NS(name={"baseline": "GPFS", "candidate": "TQ-5000"}.get)
    baseline, candidate = NS(key="baseline", share=84.04), NS(key="candidate", share=59.52)
    text = near_and_far(w, [baseline], [candidate], lambda _w, side: side.share)
    assert text == (
        "On GPFS, the saves run close to the sustained bandwidth (84.0% of it), which is consistent with a "
        "bandwidth-bound save; on TQ-5000, they reach only 59.5% of it, so most of their time goes elsewhere. The "
        "bytes written per save would tell which."
    )
