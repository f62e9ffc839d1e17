"""attacks-6 harness: compute a joint-test folder's findings and page-1 recommendation, and print page 1's text.

usage: .venv/bin/python docs/readings/attacks-6/harness.py FOLDER [en|zh-CN] [--all]
"""

import re
import sys
from html.parser import HTMLParser
from pathlib import Path

from report import i18n, sections
from report.charts import describe as charts
from report.compute import compute
from report.compute.findings import decide
from report.compute.recommendation import recommend
from report.inputs.joint_test import read_joint_test
from report.render import html as render

PROVENANCE = {"commit": "0" * 40, "version": "attack6"}


class Text(HTMLParser):
    def __init__(self):
        super().__init__()
        self.out, self.skip = [], 0

    def handle_starttag(self, tag, attrs):  # noqa: ARG002 (HTMLParser's signature)
        if tag in ("style", "script"):
            self.skip += 1
        if tag in ("p", "li", "h1", "h2", "h3", "tr", "div", "section"):
            self.out.append("\n")

    def handle_endtag(self, tag):
        if tag in ("style", "script"):
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip:
            self.out.append(data)


def html(folder: Path, language: str):
    test = read_joint_test(folder)
    m = compute(test)
    try:
        from tests.conftest import PROVENANCE as prov
    except Exception:
        prov = PROVENANCE
    with i18n.activate(language):
        described = charts.describe_all(m, test.bandwidth, m.inputs_illustrative)
        ctx = sections.build(test, m, described, prov, language)
        return test, m, render.render_html(ctx, render.chart_sources(ctx.charts, None))


def main():
    folder = Path(sys.argv[1])
    language = sys.argv[2] if len(sys.argv) > 2 and not sys.argv[2].startswith("--") else "en"
    test, m, page = html(folder, language)
    found = decide(test, m)
    rec = recommend(test, m, found)
    print("gates:", [(g.id, g.status) for g in m.gates], "verdict:", m.verdict.status)
    for f in found:
        print("finding:", f.id, f.scope.items, "/", f.scope.universe, dict(f.figures))
    print("recommendation:", rec)
    p = Text()
    p.feed(page)
    text = re.sub(r"\n\s*\n+", "\n", "".join(p.out))
    if "--all" in sys.argv:
        print(text)
    else:
        start = text.find("Recommendation" if language == "en" else "建议")
        print(text[start : start + 2500])


if __name__ == "__main__":
    main()
