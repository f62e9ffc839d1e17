"""G3's pass scoped by its own definition (report/wording/g3_scope.py; cold read 15, S-M3: "✓ Pass" on GLM-4.5-Air
106B's 2.47× beside Qwen3-235B-A22B's 1.09×, against a 1.8× target)."""

from types import SimpleNamespace as NS

from report import i18n
from report.wording.g3_scope import g3_scope

QWEN = NS(model="Qwen3-235B-A22B", gpus=160, ratio=1.0917)
SMALL = NS(model="GLM-4.5-Air 106B SFT", gpus=8, ratio=2.61)


def _m(g3: str = "pass", others=(QWEN, SMALL)):
    return NS(
        gates=[NS(id="G1", status="pass"), NS(id="G3", status=g3)],
        other_saves=list(others),
        save=NS(baseline=NS(model="GLM-4.5-Air 106B")),
    )


def test_a_workload_below_the_target_is_said_beside_the_pass():
    assert g3_scope(_m(), 1.8) == (
        " (for GLM-4.5-Air 106B alone, the workload it is defined on; 1.09× for “Qwen3-235B-A22B” on 160 GPUs, below "
        "the 1.8× target)"
    )
    # brief, where the speed tile beside the gate line gives the other workload's figure
    assert g3_scope(_m(), 1.8, brief=True) == " (for GLM-4.5-Air 106B alone)"
    # a workload slower on the candidate, said as the tiles say it: 1 ÷ 0.542 = 1.845, "1.85× slower"
    slower = NS(model="Command R+ 104B", gpus=256, ratio=0.542)
    assert g3_scope(_m(others=(slower,)), 1.3).endswith(
        "; 1.85× slower for “Command R+ 104B” on 256 GPUs, below the 1.3× target)"
    )
    with i18n.activate("zh-CN"):
        zh = g3_scope(_m(), 1.8)
    assert zh == "（按其定义，仅针对GLM-4.5-Air 106B；160 张卡 上的“Qwen3-235B-A22B”为 1.09×，低于 1.8× 的目标）"


def test_nothing_is_said_without_a_pass_or_a_workload_below():
    assert g3_scope(_m(g3="fail"), 1.8) == ""
    assert g3_scope(_m(others=(SMALL,)), 1.8) == ""  # 2.61× clears 1.8×
    assert g3_scope(_m(), 1.05) == ""  # 1.09× clears 1.05×
