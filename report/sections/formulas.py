"""Appendix B: the name and the formula of every figure."""

from __future__ import annotations

from report.document.blocks import (
    Block,
    Definitions,
    Para,
    Section,
)
from report.i18n import _
from report.wording.base import Words

ID = "formulas"
#: The charts this section places, in order.
CHARTS: tuple[str, ...] = ()


def formulas() -> tuple[tuple[str, str], ...]:
    """Appendix B: the name and the formula of every figure."""
    return (
        (_("Mean save time"), _("m = Σ t ÷ n: the save times t of the training model's n runs on one system")),
        (_("Speedup"), _("speedup = m₁ ÷ m₂; reduction = 100 × (1 − m₂ ÷ m₁)")),
        (_("Effective throughput"), _("effective = checkpoint size ÷ mean save time")),
        (_("Sustained bandwidth"), _("mean of each run's write bandwidth samples, then the mean over runs")),
        (
            _("Steady-state bandwidth"),
            _(
                "per run, the samples from the first one ≥ 0.9 × the run's median (in time order); their mean, then "
                "the mean over runs"
            ),
        ),
        (_("Saves"), _("saves = floor(training steps ÷ checkpoint interval in steps)")),
        (
            _("Wall time, baseline"),
            _(
                "D₁ = the baseline's wall time as agreed for this test, else training steps × step time + saves × p₁ "
                "(derived)"
            ),
        ),
        (
            _("Compute time per step"),
            _("step time = compute ÷ training steps (async: the step time agreed for this test)"),
        ),
        (_("Compute time"), _("compute = D₁ − saves × p₁")),
        (_("Wall time, candidate"), _("D₂ = compute + saves × p₂")),
        (_("Bubble share"), _("bubble = 100 × saves × pause ÷ duration, per system")),
        (
            _("Throughput gain"),
            _("gain = 100 × (D₁ ÷ D₂ − 1); GPU-equivalents = cluster GPUs × gain ÷ 100"),
        ),
        (
            _("Projection"),
            _("one size s₀ in the save times: t = t₀ × size ÷ s₀; several sizes: least squares t = a + b × size"),
        ),
        (
            _("Confidence interval"),
            _(
                "speedup × exp(± t₀.₉₇₅(df) × se), lower bound with −, se² = s₁²/(n₁·m₁²) + s₂²/(n₂·m₂²), s the "
                "standard deviation of the save times, Welch–Satterthwaite df"
            ),
        ),
        (
            _("Runs to decide G3"),
            _(
                "smallest n from 2 to 10,000 with speedup × exp(− t₀.₉₇₅(df(n)) × se(n)) ≥ target (or exp(+ …) < "
                "target below it), se(n)² = (v₁² + v₂²) ÷ n, df(n) = (n − 1)(v₁² + v₂²)² ÷ (v₁⁴ + v₂⁴), v the "
                "coefficient of variation"
            ),
        ),
        (_("Runs short (G1, G2)"), _("max(runs agreed, 2) − runs, at least 0")),
        (_("Job MTBF"), _("M = per-GPU MTBF (h) × 3,600 ÷ GPUs of the job")),
        (_("Save pause"), _("p = mean save time (sync) or stall (async), per system; the bubble uses it")),
        (_("Staging"), _("σ = the system's staging time as given in the test setup, 0 when none is")),
        (_("Write lag"), _("w = mean save time s: the write to durable storage, after staging")),
        (_("Stall"), _("stall = σ + max(0, w − τ), τ = checkpoint interval in steps × step time")),
        (_("Shortest interval without write stalls"), _("smallest whole n ≥ 1 with n × step time ≥ w")),
        (_("Storage stalls"), _("either system's w > τ")),
        (
            _("Work lost less per failure, at the shortest intervals without write stalls"),
            _("(n₁ − n₂) × step time ÷ 2 + w₁ − w₂: half an interval, and the lag until a checkpoint is durable"),
        ),
        (
            _("Benefit if saves were asynchronous"),
            _("100 × saves × (stall₁ − stall₂) ÷ (compute + saves × stall₁)"),
        ),
        (_("Host memory per node"), _("checkpoint size × min(GPUs, GPUs per node) ÷ GPUs")),
        (_("Recovery"), _("recovery = restart time + mean restore time (0 when restores are not measured)")),
        (
            _("Overhead"),
            _(
                "100 × (p(T) ÷ T + (T + p(T)) ÷ 2M + w ÷ M + recovery ÷ M) at T = τ, with p(T) = b + max(0, w − T); "
                "sync: b = save time, w = 0; async: b = σ, w = save time"
            ),
        ),
        (
            _("Optimal interval"),
            _(
                "max(√(2bM), w) (sync: w = 0, Young's √(2bM)); Daly: √(2bM) × (1 + √(b/2M)/3 + (b/2M)/9) − b, at "
                "least w"
            ),
        ),
        (_("ETTR"), _("effective training time ratio = 1 ÷ (1 + overhead ÷ 100), at today's and the optimal interval")),
        (_("Jobs in the cluster"), _("jobs = max(1, floor(cluster GPUs ÷ GPUs of the job))")),
        (
            _("Cluster write demand"),
            _(
                "mean = jobs × checkpoint size ÷ (τ + p); peak = jobs × checkpoint size ÷ save time; each also ÷ the "
                "sustained bandwidth of this test"
            ),
        ),
        (
            # the asynchronous deadline the text names apart from the peak (scaling reading 16, M2)
            _("Writes due before the next save"),
            _(
                "asynchronous saves: jobs × checkpoint size ÷ τ, every job's write finishing before its next save; "
                "the peak above is what keeping today's save time takes"
            ),
        ),
        (
            _("Re-tuning beats switching"),
            _("baseline's overhead at its optimal interval < candidate's at today's interval"),
        ),
        (_("Implied bytes written"), _("sustained bandwidth × mean save time, per system")),
        (
            _("Two-system fit"),
            _(
                "save = F + V ÷ bandwidth through both systems: V = (m₁ − m₂) ÷ (1/b₁ − 1/b₂), F = m₁ − V ÷ b₁, b "
                "the sustained bandwidth"
            ),
        ),
        (
            _("Outlier"),
            _(
                "|0.6745 × (x − median) ÷ MAD| > 3.5, MAD the median of |x − median| (of an even count, the mean of "
                "the two middle values); when MAD = 0, |x − median| ÷ (1.253314 × mean |x − median|) > 3.5; from 5 "
                "runs of a system on, found once over all of them (Iglewicz and Hoaglin)"
            ),
        ),
        (
            _("Without the outliers"),
            _(
                "both systems' outlier runs left out: speedup, confidence interval and G1 to G3 on the remaining "
                "runs; benefit = 100 × saves × (p₁′ − p₂′) ÷ (compute + saves × p₁′), p′ the remaining runs' mean "
                "(async: σ + max(0, that mean − τ)), compute and saves those of the main figures; G4 on that benefit"
            ),
        ),
        (
            _("G4's ceiling"),
            _(
                "the benefit of a candidate whose save leaves nothing storage could remove: sync, the baseline's "
                "bubble share; async, 100 × saves × (stall₁ − σ₂) ÷ (compute + saves × stall₁); G4 can pass at "
                "today's interval only if it reaches the target"
            ),
        ),
        (
            _("Longest interval at which G4 passes"),
            _(
                "the largest n from 1 to the training steps with 100 × s(n) × (p₁(n) − p₂(n)) ÷ (compute + s(n) × "
                "p₁(n)) ≥ the target, s(n) = floor(training steps ÷ n), p(n) = mean save time (sync) or σ + max(0, w "
                "− n × step time) (async), compute that of the main figures"
            ),
        ),
        (
            _("Every save against the bandwidth"),
            _(
                "per system and model: written = checkpoint size (× share(G) on storage local to each node, G its "
                "GPUs); rate = written ÷ mean save time; rate ÷ that system's bandwidth in this test, above 1 a save "
                "faster than that bandwidth"
            ),
        ),
        (
            _("Loads established"),
            _(
                "both systems with at least the runs agreed and a CV within the largest spread accepted, as G1 and G2"
                " judge saves; range: the smallest to the largest speedup over every pair, and over the established "
                "ones"
            ),
        ),
        (
            _("Value of time saved"),
            _("time saved ÷ 3,600 × GPUs × price per GPU-hour; cluster: GPU-equivalents × 8,760 × price"),
        ),
        (
            _("Value at the optimal intervals"),
            _(
                "GPU-equivalents = cluster GPUs × (ETTR₂ ÷ ETTR₁ − 1), each system's ETTR at its own optimal "
                "interval; a year: that × 8,760 × price per GPU-hour"
            ),
        ),
        (
            _("Payback"),
            _(
                "price of the candidate storage ÷ the value a year at the optimal intervals; none where that value is "
                "not above zero; the baseline's own cost is not counted"
            ),
        ),
        (_("Energy of time saved"), _("time saved ÷ 3,600 × GPUs × GPU power (kW) × PUE; per year × runs a year")),
    )


def node_formulas() -> tuple[tuple[str, str], ...]:
    """The per-node figures of storage local to each node ([systems] node_local; docs/node-local.md): not in
    metrics.json, whose cluster block is the whole cluster's (cold read 20, M1)."""
    return (
        (_("Nodes of a job"), _("nodes = ceil(GPUs ÷ GPUs per node); GPUs per node as agreed for this test, else 8")),
        (
            _("A node's share"),
            _("share(G) = min(G, GPUs per node) ÷ G: the part one node writes of a checkpoint sharded over G GPUs"),
        ),
        (
            _("A node's part of a save"),
            _(
                "part = checkpoint size × min(GPUs, GPUs per node) ÷ GPUs; its rate = part ÷ save time, and its share"
                " = 100 × rate ÷ this test's bandwidth of one node"
            ),
        ),
        (
            _("A node's part of the cluster's demand"),
            _(
                "mean = checkpoint size × GPUs per node ÷ GPUs ÷ (τ + p); peak = checkpoint size × GPUs per node ÷ "
                "GPUs ÷ save time; each also ÷ this test's bandwidth of one node (such a system has no cluster-wide "
                "figures)"
            ),
        ),
        (_("The job's nodes together"), _("nodes × this test's bandwidth of one node")),
        (
            _("Audit of storage local to each node"),
            _(
                "implied bytes written and the two-system fit at the job's nodes together: the bandwidth of one node "
                "÷ share(G), G the training job's GPUs"
            ),
        ),
        (
            _("Share of failures that lose a node, at which the candidate pays"),
            _(
                "the share p with V + N × 8,760 × [(M ÷ p)(e^(p × D ÷ M) − 1) − D] ÷ D × GPU-hour price = price ÷ "
                "service life; V the whole cluster's value at the optima, N its GPUs, D the baseline's run, M the "
                "job's MTBF (a baseline local to each node, no copy off the node, the job restarted from its start)"
            ),
        ),
        (
            _("Projection on storage local to each node"),
            _(
                "the proportion or line over each node's part, checkpoint size × share(G) of every save row, "
                "evaluated at the projection's checkpoint size × share(its GPUs)"
            ),
        ),
    )


def scaling_formulas() -> tuple[tuple[str, str], ...]:
    """How the systems scale with client nodes (CONTRACT.md, "How the candidate scales with clients")."""
    return (
        (
            _("Universal Scalability Law"),
            _(
                "C(k) = λk ÷ (1 + σ(k − 1) + κk(k − 1)) at k client nodes; λ = the mean with one client node; no value "
                "where the denominator is not above zero"
            ),
        ),
        (
            _("Scalability fit"),
            _(
                "at each k > 1 of the points: X = mean(k) ÷ λ, x = k − 1, L = k ÷ X − 1; least squares through the "
                "origin L = a·x + b·x², by Cramer's rule on Σx²·a + Σx³·b = Σx·L and Σx³·a + Σx⁴·b = Σx²·L; κ = b, "
                "σ = a − b; needs one client node and two other counts"
            ),
        ),
        (_("Peak client nodes"), _("√((1 − σ) ÷ κ) when κ > 0 and σ < 1")),
        (
            _("Aggregate at a node count"),
            _(
                "nodes = ceil(GPUs ÷ GPUs per node); a system with a fit: C(nodes); a system local to each node "
                "without one: bandwidth ÷ share(GPUs)"
            ),
        ),
    )


def build(w: Words) -> Section:
    # Only the formulas of figures this report prints: no value or energy of time saved without the economics
    # section (third cold read, m-16).
    e = w.m.economics
    absent = set()
    if e is None:
        absent |= {
            _("Value of time saved"),
            _("Value at the optimal intervals"),
            _("Payback"),
            _("Energy of time saved"),
        }
    else:
        if e.energy_kwh_per_run is None:
            absent.add(_("Energy of time saved"))
        if e.candidate_price is None:
            absent.add(_("Payback"))
    if w.m.without_outliers is None:
        absent.add(_("Without the outliers"))
    shown = tuple(f for f in formulas() if f[0] not in absent) + (node_formulas() if w.m.node_local else ())
    scaled = any(p.scaled.baseline is not None or p.scaled.candidate is not None for p in w.m.projections)
    shown += scaling_formulas() if w.m.scaling is not None else scaling_formulas()[-1:] if scaled else ()
    # the customer reads this appendix: its symbols are defined here, never a file, key or variable of the tool (zh
    # reading 8, H-m5: mean_B, pause_B, write_gbps); the command that measures scaling is in the colophon
    notation = Para(
        _("Subscript 1 denotes the baseline and subscript 2 the candidate: m₁ is the baseline's mean save time.")
    )
    blocks: tuple[Block, ...] = (notation, Definitions(shown, "formulas"))
    return Section(ID, _("Appendix B: formulas"), blocks, appendix=True)
