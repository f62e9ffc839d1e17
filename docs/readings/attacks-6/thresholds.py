"""R01-R12: joint tests whose data sit on the findings' and the recommendation's thresholds.

usage: .venv/bin/python docs/readings/attacks-6/thresholds.py [ID ...]   (under run.sh's caps: ulimit -v, timeout)
Each prints the gates, the findings, the recommendation and page 1's words.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import re

import gen
from harness import Text, html

from report.compute import compute
from report.compute.findings import decide
from report.compute.recommendation import recommend
from report.inputs.joint_test import read_joint_test

ROOT = Path("/tmp/a6")
BASE = [30.0, 30.3, 29.8, 30.1, 29.9]
CAND = [12.0, 12.1, 11.9, 12.05, 11.95]


def show(p, language="en", words=1600, grep=None):
    test, m, page = html(p, language)
    found = decide(test, m)
    rec = recommend(test, m, found)
    print("gates:", [(g.id, g.status) for g in m.gates], m.verdict.status)
    for f in found:
        if f.id not in ("load_savings", "value_unpriced", "value_priced"):
            print("  finding:", f.id, f.scope.items, {k: v for k, v in f.figures.items() if k != "rows"})
    print("  recommendation:", rec.kind, rec.grounds, rec.reasons, rec.changes)
    t = Text()
    t.feed(page)
    text = re.sub(r"\n\s*\n+", "\n", "".join(t.out))
    if grep:
        for line in text.splitlines():
            if re.search(grep, line):
                print("  >", line.strip()[:400])
    else:
        i = text.find("Recommendation")
        print(text[i : i + words])
    return test, m, found, rec


def r01():
    """G3 on its threshold: target_speedup = the interval's low end exactly."""
    p = gen.folder(ROOT / "R01", BASE, CAND)
    m = compute(read_joint_test(p))
    low = m.save.speedup_ci95[0]
    gen.folder(ROOT / "R01", BASE, CAND, toml=f"[gates]\ntarget_speedup = {low!r}\n")
    show(ROOT / "R01", grep=r"interval|target")


def r02():
    """G4 on its threshold: target_duration_reduction_pct = the reduction exactly."""
    p = gen.folder(ROOT / "R02", BASE, CAND)
    m = compute(read_joint_test(p))
    red = m.bubble.duration_reduction_pct
    print("reduction", repr(red))
    gen.folder(ROOT / "R02", BASE, CAND, toml=f"[gates]\ntarget_duration_reduction_pct = {red!r}\n")
    show(ROOT / "R02", grep=r"shorter|target")


def r03():
    """The spread exactly at the limit: max_cv_pct = the baseline's CV exactly."""
    base = [30.0, 33.0, 27.0, 30.0, 30.0]
    p = gen.folder(ROOT / "R03", base, CAND)
    m = compute(read_joint_test(p))
    cv = m.save.baseline.cv_pct
    gen.folder(ROOT / "R03", base, CAND, toml=f"[gates]\nmax_cv_pct = {cv!r}\n")
    show(ROOT / "R03", grep=r"spread|limit|CV")


def r04():
    """min_runs = 1 and one save per side."""
    gen.folder(ROOT / "R04", [30.0], [12.0], toml="[gates]\nmin_runs = 1\n")
    show(ROOT / "R04")


def r05():
    """min_runs = 1, one restore per side, candidate faster to restore, candidate slower to save: restores a ground?"""
    gen.folder(
        ROOT / "R05",
        CAND,
        BASE,
        restores=([90.0], [30.0]),
        toml="[gates]\nmin_runs = 1\n",
        loads={(gen.MODEL, "Rig Alpha"): ([20.0, 20.2, 20.1], [60.0, 61.0, 60.5])},
    )
    show(ROOT / "R05")


def r06():
    """Restores on the candidate only."""
    gen.folder(
        ROOT / "R06",
        CAND,
        BASE,
        restores=(None, [30.0, 30.5, 29.8]),
        loads={(gen.MODEL, "Rig Alpha"): ([20.0, 20.2, 20.1], [60.0, 61.0, 60.5])},
    )
    show(ROOT / "R06", grep=r"[Rr]estore|Recommendation")


def r07():
    """Zero saving: the same save times on both systems."""
    gen.folder(
        ROOT / "R07",
        BASE,
        list(BASE),
        toml='[economics]\ngpu_hour_price = 10\ncurrency = "USD"\nruns_per_year = 10\ncandidate_price = 1000\n',
    )
    show(ROOT / "R07", words=2500)


def r08():
    """Negative saving, faster loads on the one established pair: 'better on model loads'."""
    gen.folder(ROOT / "R08", CAND, BASE)
    show(ROOT / "R08", words=1400)


def r09():
    """Two established load pairs, one faster and one slower: no loads ground; words never 'faster' of both."""
    loads = {
        (gen.MODEL, "Rig Alpha"): ([60.0, 61.0, 60.5], [20.0, 20.2, 20.1]),
        ("Model Basalt", "Rig Delta"): ([20.0, 20.2, 20.1], [60.0, 61.0, 60.5]),
    }
    gen.folder(ROOT / "R09", CAND, BASE, loads=loads)
    show(ROOT / "R09", grep=r"[Ll]oad")


def r10():
    """Load pair established at exactly min_runs and a CV exactly at the limit."""
    lb = [60.0, 66.0, 54.0]
    gen.folder(ROOT / "R10", CAND, BASE, loads={(gen.MODEL, "Rig Alpha"): (lb, [20.0, 20.2, 20.1])})
    import statistics

    cv = 100 * statistics.stdev(lb) / statistics.fmean(lb)
    _test, m, *_ = show(ROOT / "R10", grep=r"^$")
    cv = m.load.models[0].baseline_cv_pct
    gen.folder(
        ROOT / "R10",
        CAND,
        BASE,
        loads={(gen.MODEL, "Rig Alpha"): (lb, [20.0, 20.2, 20.1])},
        toml=f"[gates]\nmax_cv_pct = {cv!r}\n",
    )
    show(ROOT / "R10", grep=r"[Ll]oad|Recommendation")


def r11():
    """Node-local baseline, odd GPU counts: 12 GPUs at 8 a node (2 nodes, the second half full), projection of 7."""
    gen.folder(
        ROOT / "R11",
        BASE,
        CAND,
        gpus=12,
        systems=f'node_local = ["{gen.B}"]\n',
        training="gpus_per_node = 8\n",
        toml='[[projections]]\nname = "odd"\nsnapshot_gb = 300\ngpus = 7\n'
        '[[projections]]\nname = "three nodes"\nsnapshot_gb = 300\ngpus = 17\n',
    )
    show(ROOT / "R11", grep=r"node|Recommendation")


def r12():
    """Both sides node-local: no durability ground; 'both' said."""
    gen.folder(
        ROOT / "R12",
        CAND,
        BASE,
        systems=f'node_local = ["{gen.B}", "{gen.C}"]\n',
        training="gpus_per_node = 8\n",
        toml='[[projections]]\nname = "p"\nsnapshot_gb = 300\ngpus = 64\n',
        loads={(gen.MODEL, "Rig Alpha"): ([20.0, 20.2, 20.1], [60.0, 61.0, 60.5])},
    )
    show(ROOT / "R12", grep=r"node|Recommendation")


if __name__ == "__main__":
    for name in sys.argv[1:] or [n for n in dir() if re.fullmatch(r"r\d\d", n)]:
        print(f"===== {name.upper()}: {globals()[name.lower()].__doc__}")
        try:
            globals()[name.lower()]()
        except Exception as e:  # a refusal is an outcome too
            print("  raised:", type(e).__name__, str(e)[:600])
