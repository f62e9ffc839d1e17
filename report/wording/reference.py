"""How the customer pages name where a setting comes from (CONTRACT.md, "The report as a deliverable"): agreed for this
test where test.toml gives it, else a reference value, not agreed with the customer. The contract's "the tool's
default, not agreed with the customer" said by what it means: a customer never sees the tool, and "instead of the
tool's defaults" beside agreed targets read as a hint that the customer's targets were strict (cold read 14c, P-m4;
zh reading 14c, P-m1 and Q-B1). One phrase in both languages: en "reference value", zh 参考值 (docs/zh-CN.md)."""

from __future__ import annotations

from report.i18n import _


def reference_status() -> str:
    """A value's source, as the assumptions table's column and a sentence that names its status say it."""
    return _("Reference value (not agreed with the customer)")


def reference_limit(limit: str) -> str:
    """A spread limit nobody agreed, in running text: `limit` as printed ("5%")."""
    return _("the {limit} reference limit, not agreed with the customer").format(limit=limit)
