"""How the customer pages name where a setting comes from (CONTRACT.md, "The report as a deliverable"): agreed for this
test where test.toml gives it, else a reference value, not agreed with the customer. The contract's "the tool's
default, not agreed with the customer" said by what it means: a customer never sees the tool, and "instead of the
tool's defaults" beside agreed targets read as a hint that the customer's targets were strict (cold read 14c, P-m4;
zh reading 14c, P-m1 and Q-B1). One phrase in both languages: en "reference value", zh 参考值 (docs/zh-CN.md); a
default set beside an agreed target, whose it is: `unagreed_default` (cold read 16, T-M1)."""

from __future__ import annotations

from report.i18n import _


def reference_status() -> str:
    """A value's source, as the assumptions table's column and a sentence that names its status say it."""
    return _("Reference value (not agreed with the customer)")


def reference_limit(limit: str) -> str:
    """A spread limit nobody agreed, in running text: `limit` as printed ("5%")."""
    return _("the {limit} reference limit, not agreed with the customer").format(limit=limit)


def unagreed_default(value: str) -> str:
    """A default printed beside a target agreed for this test, with whose it is: never an unsourced "reference" or
    "usually" (cold read 16, T-M1: "the 2% reference" has no source; zh reading 16: 参考值 2% likewise). `value` as
    printed ("2%"). The one place that words it; the sentence around it says how the agreed target stands to it."""
    return _("the {value} default, not agreed with the customer").format(value=value)
