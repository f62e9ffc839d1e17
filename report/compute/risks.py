"""The risks and counter-arguments a sceptic raises first, decided once as findings with their scope: a training-time
benefit that the staging times alone make, the trainer's own asynchronous saves, a degraded state timed on one side
only, and loads compared through different access paths (cold read 15, S-B1, R-M3, R-M4, S-M4; Chinese reading 15,
R majors 3, 4, 9, S majors 1, 9; Chinese reading 15pq, P-M2, P-M3, P-M5)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from report import stats
from report.compute.counterpoints import OUTSIDE, recorded_outlier
from report.compute.figures import SIDES, Metrics
from report.compute.reach import reduction_pct
from report.compute.record_clauses import clauses_naming, naming
from report.compute.scopes import LOAD_SIDES, SIDES_KIND, TEST_KIND, Finding, make_finding
from report.inputs.ingest.tools import TOOLS
from report.inputs.joint_test import JointTest


def staging_only(m: Metrics) -> bool:
    """Whether an asynchronous job's training-time difference is the staging times test.toml gives alone: both writes
    finish within the compute between saves and the two staging times differ (cold read 9, J-B1; cold read 11, T-B1)."""
    a = m.async_
    return m.checkpoint_mode == "async" and not a.storage_stalls and a.baseline.staging_s != a.candidate.staging_s


def staging_made(test: JointTest, m: Metrics) -> Iterator[Finding]:
    """Where an asynchronous job's training-time difference is the staging times alone (recommendation.staging_only:
    neither write outlasts the interval, the stagings differ): the storage's share of each page-1 figure, computed with
    the baseline's staging on both sides, beside the figure the staging times given make. Staging copies state to host
    memory, a trainer setting (cold read 15, S-B1: "0.604% shorter", "1.10 GPU-equivalents" and a yearly value
    credited to the candidate from 4.7 s against 8.3 s of staging). `established`: whether the staging times' difference
    is shown larger than their spread, as a value resting on it must be. test.toml gives one staging time a side
    (CONTRACT.md, async.staging_s), no runs and so no spread: never, however large the difference (cold read 20, AC-M2;
    Chinese reading 20, AC Major-3: 0.0519% shorter, 432 and 44,200 MYR a year, all from 10.6 s against 10.4 s, two
    medians with no spread)."""
    if not staging_only(m):
        return
    a, r, b = m.async_, m.reliability, m.bubble
    sigma = a.baseline.staging_s  # the candidate's stall with the baseline's staging: its writes stall nothing
    stall_c = sigma + max(0.0, a.candidate.write_lag_s - r.interval_s)
    storage_pct = reduction_pct(b.saves, a.baseline.stall_s, stall_c, b.compute_s)
    duration_c = b.compute_s + b.saves * stall_c
    storage_gpus = b.cluster_gpus * (b.baseline_duration_s / duration_c - 1)
    recovery, lag, mtbf = r.candidate.recovery_s, a.candidate.write_lag_s, r.job_mtbf_s
    today = stats.failure_overhead_pct(sigma, lag, r.interval_s, mtbf, recovery)
    best = max(stats.young_interval(sigma, mtbf), lag)
    optimal = stats.failure_overhead_pct(sigma, lag, best, mtbf, recovery)
    storage_optimum_gpus = b.cluster_gpus * ((1 + r.baseline.optimal_overhead_pct / 100) / (1 + optimal / 100) - 1)
    price = test.config.economics.gpu_hour_price if test.config.economics is not None else None
    favoured = "candidate" if a.candidate.staging_s < a.baseline.staging_s else "baseline"
    yield make_finding(
        "staging_made",
        SIDES_KIND,
        (favoured,),
        SIDES,
        baseline_s=a.baseline.staging_s,
        candidate_s=a.candidate.staging_s,
        staged_reduction_pct=b.duration_reduction_pct,
        storage_reduction_pct=storage_pct,
        staged_gpu_equivalents=b.gpu_equivalents,
        storage_gpu_equivalents=storage_gpus,
        staged_optimum_gpu_equivalents=r.optimum_gpu_equivalents,
        storage_optimum_gpu_equivalents=storage_optimum_gpus,
        staged_ettr=r.candidate.ettr,
        storage_ettr=1 / (1 + today / 100),
        storage_optimum_value_per_year=None if price is None else storage_optimum_gpus * 8760 * price,
        established=False,
    )


#: Trainers that save asynchronously, as the report's asynchronous section names them (CONTRACT.md: PyTorch DCP and the
#: trainers whose logs the import registry reads), each with the pattern that finds it in the test's own records (its
#: source notes and environment lines); a model named Mistral NeMo is no NeMo trainer.
ASYNC_TRAINERS = (
    ("PyTorch DCP", re.compile(r"\bDCP\b|torch\.distributed\.checkpoint")),
    *(
        (tool.name, re.compile(rf"(?<!Mistral[ -])\b{re.escape(tool.name.split('-')[0])}\b", re.IGNORECASE))
        for tool in TOOLS
        if tool.trainer_log
    ),
)


def _records(test: JointTest) -> str:
    """The test's own words about how it ran: the save and restore source notes and the environment lines."""
    cfg = test.config
    notes = [cfg.sources.get(key, "") for key in ("save_times", "restore_times")]
    return "\n".join([*notes, *(f"{label} {text}" for label, text in cfg.environment)])


def async_trainer(test: JointTest, m: Metrics) -> Iterator[Finding]:
    """Where synchronous saves' benefit would vanish were they asynchronous (recommendation.async_removes' figures: the
    what-if leaves training as long on either system at today's interval): the trainers the records name that can save
    asynchronously (a setting of the trainer, not of the storage), the what-if's benefit against today's, and the host
    memory a node needs for a staged checkpoint. No trainer named: whether this job's can stays open, and the finding
    says so (cold read 15, R-M3: torchtitan named, "this test does not show"; Chinese reading 15pq, P-M3: PaddlePaddle,
    not among the trainers named, so nothing is claimed of it)."""
    if m.checkpoint_mode != "sync" or m.bubble.duration_reduction_pct <= 0:
        return
    if m.async_.duration_reduction_pct >= m.bubble.duration_reduction_pct:
        return  # asynchronous saves would take nothing away
    text = _records(test)
    named = [name for name, pattern in ASYNC_TRAINERS if pattern.search(text)]
    # a trainer's own log imported names it (by the registry's name for it)
    logs = {tool.id: tool.name for tool in TOOLS if tool.trainer_log}
    known = {name for name, _pattern in ASYNC_TRAINERS}
    named += [logs[s.tool] for s in test.config.imports if s.tool in logs and logs[s.tool] in known]
    a = m.async_
    yield make_finding(
        "async_trainer",
        TEST_KIND,
        (),
        (),
        trainers=tuple(name for name, _pattern in ASYNC_TRAINERS if name in named),
        sync_reduction_pct=m.bubble.duration_reduction_pct,
        async_reduction_pct=a.duration_reduction_pct,
        staging_given=a.staging_given,
        staged_per_node_gb=max(a.baseline.staged_per_node_gb, a.candidate.staged_per_node_gb),
    )


def degraded_untested(test: JointTest, m: Metrics) -> Iterator[Finding]:
    """Where the record of the save runs gives a failure or degraded state (a controller failover, a rebuild, a drive
    at its thermal limit) as the cause of one side's slow runs: the other side's saves were timed healthy only, so
    how it behaves in a state of that kind is untested; the finding's scope is that other side (cold read 15, R-M4;
    Chinese reading 15, R major 9: NV-40 timed through a failover, AX-6 never in a degraded state)."""
    found = recorded_outlier(test, m)
    if found is None or found["cause"] in OUTSIDE:  # a fault outside the storage is no state of its own (AA-M2)
        return
    other = "candidate" if found["side"] == "baseline" else "baseline"
    yield make_finding("degraded_untested", SIDES_KIND, (other,), SIDES, cause=found["cause"], seen_on=found["side"])


#: The access paths a load may take, as the records word them: a token and its pattern (the first match names it).
LOAD_PATHS = (
    ("s3fs", re.compile(r"\bs3fs(?:-fuse)?\b", re.IGNORECASE)),
    ("FUSE", re.compile(r"\bFUSE\b", re.IGNORECASE)),
    ("S3", re.compile(r"\bS3\b")),
    ("NFS", re.compile(r"(?<![pP])\bNFS\b", re.IGNORECASE)),
    ("SMB", re.compile(r"\b(?:SMB|CIFS)\b", re.IGNORECASE)),
    ("RDMA", re.compile(r"\bRDMA\b|\bRoCE|\bInfiniBand\b", re.IGNORECASE)),
    (
        "native client",
        re.compile(r"\b(?:native|parallel|proprietary)\b[^,;.]{0,20}\bclient\b|原生[^，；。]{0,10}客户端"),
    ),
    (
        "local disk",
        re.compile(
            r"\blocal (?:NVMe|disk|drive|SSD)s?\b|\bnode's own (?:drives?|disks?|NVMe|XFS|ext4|file system)"
            r"|本地(?:盘|NVMe|磁盘)|本节点\s*(?:自有盘|XFS|ext4|文件系统)|该节点自有盘",
            re.IGNORECASE,
        ),
    ),
)


def load_path(test: JointTest, m: Metrics) -> Iterator[Finding]:
    """Every load comparison times each storage together with the path the loads took to it (a FUSE mount, NFS, a
    native client, the inference server's own link), as the test gave it: the finding holds for the load sides, with
    the paths the records name where they differ, and says that no other path to the load baseline was timed (cold
    read 15, S-M4; Chinese reading 15, S major 9: 3.27× through s3fs over 25 GbE against a native RDMA client;
    Chinese reading 15pq, P-M5: the inference server's attachment unrecorded)."""
    if not m.load.models:
        return
    names = {"load_baseline": test.config.systems.load_baseline, "candidate": test.config.systems.candidate}
    paths = {side: _paths(test, name) for side, name in names.items()}
    yield make_finding(
        "load_path",
        SIDES_KIND,
        LOAD_SIDES,
        LOAD_SIDES,
        paths=paths,
        differ=bool(paths["load_baseline"])
        and bool(paths["candidate"])
        and paths["load_baseline"] != paths["candidate"],
    )


def _paths(test: JointTest, system: str) -> tuple[str, ...]:
    """The access paths the records name for `system`'s loads: in the environment lines and the load source note, each
    clause that names the system and not the other load side (record_clauses), less its parts that speak of a copy to
    another node (a mirror is written, never read by a load: "the node's own XFS …, the partner mirror over RDMA",
    cold read 18, X minor 2)."""
    cfg = test.config
    other_name = next(s for s in (cfg.systems.load_baseline, cfg.systems.candidate) if s != system)
    names = {"own": cfg.systems.names(system), "other": cfg.systems.names(other_name)}
    own_words = f"{system} {cfg.systems.short_name(system)}"
    other_words = f"{other_name} {cfg.systems.short_name(other_name)}"
    parts = []
    for label, text in (*cfg.environment, ("", cfg.sources.get("load_times", ""))):
        for clause in clauses_naming(text, names, "own", label):
            # a part that speaks of a copy to another node is no path a load reads by (its bracket with it)
            pieces = [p for p in re.split(r"[,，]", clause) if not COPY_TO_NODE.search(p)]
            if names_by_model(own_words, other_words, clause):
                # the parts of the clause that name this system alone ("TCP to NX-80, RoCE v2 for the T0 mirror",
                # cold test 18, X: RDMA said of NX-80)
                pieces = [c for p in pieces for c in re.split(r"[()（）]", p) if naming(names, c) == ["own"]]
            parts += pieces
    joined = " ".join(parts)
    found = [name for name, pattern in LOAD_PATHS if pattern.search(joined)]
    return tuple(name for name in found if not (name == "FUSE" and "s3fs" in found))


#: A part of a clause that speaks of a copy written to another node, not of a path a load reads by.
COPY_TO_NODE = re.compile(r"\bmirror|\breplica|伙伴镜像|镜像到|副本", re.IGNORECASE)


def names_by_model(own: str, other: str, text: str) -> bool:
    """Whether `text` names a system by a model word of its names `other` ("T0" of "Tessera T0 node-local NVMe tier"
    and its short name "T0 tier"): a word with a digit and a letter that the names `own` lack."""
    mine = {t.lower() for t in re.findall(r"[\w-]+", own)}
    words = {t for t in re.findall(r"[\w-]+", other) if re.search(r"\d", t) and re.search(r"[^\W\d_]", t)}
    words = {t for t in words if t.lower() not in mine}
    return any(re.search(rf"(?<![\w-]){re.escape(t)}(?![\w-])", text) for t in words)


#: The rules of this module, in the order the report states their findings.
RISK_RULES = (staging_made, async_trainer, degraded_untested, load_path)
