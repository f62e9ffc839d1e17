"""The test environment a formal test report states (issue 45; DOMAIN.md, "A Chinese test report"): which of its
parts this test's record gives, and the words that ask for the rest.

test.toml's [environment] is free text under the reader's own labels, so what it covers is recognised by the words
its labels and texts use (the source notes count for the method and the caches, which they often state). A part is
asked for only when nothing in the record names it; the record itself is printed as given.
"""

from __future__ import annotations

import re

from report.compute.record_clauses import clauses, clauses_naming, naming
from report.compute.risks import names_by_model
from report.document.blocks import Para
from report.i18n import _, join_words
from report.inputs.ingest.tools import IMPORT_TOOLS
from report.wording.base import Words

_GPU_MODELS = (
    r"[HABL]\d{2,3}S?|G[BH]?\d{3}|MI\d{3}X?|Gaudi\s?\d|Atlas|Ascend|910[ABC]|昇腾|RTX\s?\d{4}|Blackwell|Hopper"
)
#: Each part of a formal report's test environment, and the words that show a record names it.
PARTS: dict[str, re.Pattern[str]] = {
    "accelerators": re.compile(rf"\b(?:{_GPU_MODELS})\b|accelerator model|GPU model|型号", re.IGNORECASE),
    "storage": re.compile(
        # drive kinds, controllers written as Chinese engineers do (双控), replication (Chinese reading 7b, B2: "NG-4，
        # 双控，24 块 15.36 TB NVMe" and "三副本" called unrecorded)
        r"controller|drives?\b|disks?\b|SSDs?\b|NVMe|HDDs?\b|\bRAID|erasure|\bEC\b|replica|capacity|firmware|\bpool\b|"
        r"控制器|双控|四控|盘|阵列|纠删|副本|容量|固件",
        re.IGNORECASE,
    ),
    "protocol": re.compile(
        r"\bNFS|\bSMB|CIFS|Lustre|GPFS|Spectrum Scale|BeeGFS|Weka|CephFS|\bS3\b|POSIX|\bmount|file ?system|\bext4\b|"
        r"\bxfs\b|DAOS|NVMe-oF|iSCSI|FUSE|protocol|协议|挂载|文件系统",
        re.IGNORECASE,
    ),
    "network": re.compile(
        r"network|\bNICs?\b|RoCE|InfiniBand|\bIB\b|Ethernet|\bGbE\b|\d\s?Gb/s|RDMA|switch|fabric|网络|网卡|交换机",
        re.IGNORECASE,
    ),
    "clients": re.compile(r"clients?\b|hosts?\b|nodes?\b|servers?\b|客户端|节点|服务器|主机", re.IGNORECASE),
    "method": re.compile(
        r"\bfio\b|DLIO|MLPerf|IOR\b|mdtest|elbencho|benchmark|method|procedure|torch\.distributed|\bDCP\b|Megatron|"
        r"NeMo|torchtitan|vLLM|方法|工具",
        re.IGNORECASE,
    ),
    "caches": re.compile(r"cache|drop_caches|O_DIRECT|direct=1|缓存", re.IGNORECASE),
}


def _record(w: Words) -> list[str]:
    """The texts that record the environment: [environment]'s labels and texts; for the method and the caches, the
    source notes too."""
    return [text for pair in w.config.environment for text in pair]


#: A line whose label names the accelerators ("accelerator", "GPU", "加速卡型号") names their model when its text
#: holds a model's token, letters and digits ("Cambricon MLU590", "思元 590"): cold read 17, W minor 1, "the record
#: does not give the accelerators' model" beside "accelerator: Cambricon MLU590 training cards"; or a word and its
#: number ("Intel Data Center GPU Max 1550": cold read 19, AA-B1).
ACCELERATOR_LABEL = re.compile(r"accelerator|\bGPUs?\b|\bNPUs?\b|\bXPUs?\b|加速卡|训练卡|推理卡|显卡", re.IGNORECASE)
MODEL_TOKEN = re.compile(r"\b[A-Z][A-Za-z]*[- ]?\d{2,}[A-Za-z]*\b|[\u4e00-\u9fff]{2,}\s?\d{3}")


def _names_accelerators(w: Words) -> bool:
    """Whether a line of [environment] names the accelerators' model: by a known model's name anywhere, or by a model
    token in the text of a line its label calls the accelerators'."""
    pairs = w.config.environment
    return any(PARTS["accelerators"].search(t) for pair in pairs for t in pair) or any(
        ACCELERATOR_LABEL.search(label) and MODEL_TOKEN.search(text) for label, text in pairs
    )


#: What a Chinese test report carries besides the environment (Chinese reading 18, X-M7 and Y-M6: 检测依据, 样品描述,
#: 仪器与版本, 环境条件, 测量不确定度), asked for on a formal report ([report] given) whose record names none of it.
FORMAL_PARTS: dict[str, re.Pattern[str]] = {
    "basis": re.compile(r"test plan|test specification|测试方案|测试大纲|测试规范|检测依据", re.I),
    "samples": re.compile(r"serial|\bS/N\b|\bSN\b|asset (?:tag|number)|序列号|资产编号|出厂编号", re.I),
    "versions": re.compile(r"\bversion|\b\d+\.\d+(?:\.\d+)?\b|版本"),
    "conditions": re.compile(r"temperature|humidity|ambient|°C|℃|温度|湿度|环境条件", re.I),
    "uncertainty": re.compile(r"uncertaint|不确定度", re.I),
}
#: The test plan and its clause a record says the test followed: "test plan LIMI-TS-TP-01, section 4", "测试方案
#: GJ-LH-TP-05 第 2 节".
PLAN = re.compile(
    r"test plan\s+([A-Z0-9][\w.-]*\d[\w.-]*?)(?:,?\s+(?:section|clause)\s+(\d+(?:\.\d+)*))?(?=[\s,;.)]|$)"
    r"|测试方案\s*“?([A-Z0-9][\w.-]*\d[\w.-]*?)”?(?:\s*第\s*(\d+(?:\.\d+)*)\s*[节条章])?(?=[\s，,；;。）)]|$|[\u4e00-\u9fff])",
    re.IGNORECASE,
)


def test_plan(w: Words) -> tuple[str, str | None] | None:
    """The test plan (and its section) the record names, as written; None where it names none."""
    for text in [t for pair in w.config.environment for t in pair] + list(w.config.sources.values()):
        if found := PLAN.search(text):
            return (found.group(1) or found.group(3), found.group(2) or found.group(4))
    return None


def basis_note(w: Words) -> Para | None:
    """The basis of the test (检测依据) on a formal report, where the record names the test plan it followed."""
    plan = test_plan(w) if "report" in w.config.given else None
    if plan is None:
        return None
    name, section = plan
    text = (
        _("Basis of the test: test plan {plan}, section {section}, as the test record names it.")
        if section
        else _("Basis of the test: test plan {plan}, as the test record names it.")
    )
    return Para(text.format(plan=name, section=section), "note")


def missing(w: Words) -> list[str]:
    """The parts of the test environment (PARTS' keys, in order) that nothing recorded for this test names, and on a
    formal report the parts of FORMAL_PARTS the record gives nothing of."""
    record = _record(w)
    notes = list(w.config.sources.values())
    out = []
    for part, words in PARTS.items():
        if part == "accelerators":
            if not (storage_only(w) or _names_accelerators(w)):
                out.append(part)
            continue
        texts = record + notes if part in ("method", "caches") else record
        if not any(words.search(t) for t in texts):
            out.append(part)
    if "report" in w.config.given:
        out += [part for part, words in FORMAL_PARTS.items() if not any(words.search(t) for t in record + notes)]
    return out


#: the tables whose rows an accelerator's job could have timed (a trainer's log, MLPerf Storage, typed in by hand)
_TIMED_TABLES = ("save_times.csv", "load_times.csv", "restore_times.csv")


def storage_only(w: Words) -> bool:
    """Whether every save, load and restore row was timed by a storage benchmark that runs no accelerator (fio; no
    table typed in, no trainer's log, no MLPerf Storage): no accelerator model is asked for (field test 8, minor 13)."""
    imported = w.test.imported
    if imported is None or any(name in w.test.sha256 for name in _TIMED_TABLES):
        return False
    return bool(imported.tools) and all(IMPORT_TOOLS[t.tool].no_accelerator for t in imported.tools)


def _part_words(part: str) -> str:
    return {
        "accelerators": _("the accelerators' model"),
        "storage": _(
            "each storage system's configuration (controllers, drives, RAID or erasure coding, capacity, firmware)"
        ),
        "protocol": _("the protocol or file system each is reached by, with its mount options"),
        "network": _("the network between the clients and the storage (links, speeds, switches)"),
        "clients": _("the number of client nodes"),
        "method": _("the method (the tool, its version and its settings: block size, queue depth, jobs)"),
        "caches": _("how caches were dropped before each read"),
        "basis": _("the test plan or standard the test followed, with its version"),
        "samples": _("the samples' identity (models, serial numbers, quantities)"),
        "versions": _("the versions of the tools used"),
        "conditions": _("the ambient conditions (temperature, humidity)"),
        "uncertainty": _("the measurement uncertainty, or how it was estimated"),
    }[part]


def missing_words(w: Words) -> str:
    """The missing parts in words, joined: "" when the record names every one."""
    return join_words([_part_words(p) for p in missing(w)])


def environment_steps(w: Words) -> list[Para]:
    """The next steps that ask for what a formal report states of the test environment and this test's record does
    not give ([] when it gives all), and where on a baseline of mixed media its checkpoints were written."""
    parts = missing_words(w)
    steps = [
        Para(_("Record the test environment in full, as a formal test report states it: {parts}.").format(parts=parts))
    ]
    return [*(steps if parts else []), *placement_step(w)]


#: Words in an [environment] line that say a storage system holds more than one kind of media or pool: its slow and
#: fast media by name (in the order printed), and pools or tiers (cold read 9, K-M5: "mixed HDD and SSD pools").
MEDIA_TOKENS = (
    ("HDD", re.compile(r"\bHDDs?\b|hard dis[ck]s?|\bNL-SAS\b|机械(?:硬)?盘", re.IGNORECASE)),
    ("SSD", re.compile(r"\bSSDs?\b|固态", re.IGNORECASE)),
    ("NVMe", re.compile(r"\bNVMe\b", re.IGNORECASE)),
    ("flash", re.compile(r"\bflash\b|闪存", re.IGNORECASE)),
)
#: Fast media a record names as a write cache in front of the others ("a 3.2 TB NVMe write cache per head", "NVMe 写
#: 缓存"): every write passes through it, so it is no pool a checkpoint could be placed on (zh reading 17, W B3: read
#: as a faster tier, it made "a lower-cost alternative" the record does not hold).
CACHE_MEDIUM = re.compile(
    r"\b(?:NVMe|SSDs?|flash)\s+write(?:-back)?\s+caches?\b|(?:NVMe|SSDs?|闪存)\s?写缓存", re.IGNORECASE
)
#: One medium a record names by its interface and its kind ("12 x 15.36 TB NVMe SSD", "NVMe 固态盘"): NVMe drives are
#: the SSDs, so "NVMe SSD and HDD" is two media, not three (Chinese reading 20, AC minor 6: "HDD、SSD 和 NVMe").
NVME_SSD = re.compile(r"\bNVMe\s*SSDs?\b|NVMe\s*固态(?:硬)?盘", re.IGNORECASE)
POOLS = re.compile(r"\bpools\b|\btiers?\b|\btiering\b|存储池|分层", re.IGNORECASE)


def placement_step(w: Words) -> list[Para]:
    """Where the save baseline's [environment] lines name slow media beside fast ones (or pools, tiers) and the
    candidate saves faster: which of them the checkpoints were written to, as placing them on the baseline's faster
    media is the cheapest alternative to a new system, and this test timed none (cold read 9, K-M5: "GPFS 5.1, 6 NSD
    servers, mixed HDD and SSD pools", and no word of where the checkpoints landed)."""
    texts = CACHE_MEDIUM.sub(" ", " ".join(_system_lines(w)["baseline"]))
    nvme_ssd = NVME_SSD.search(texts) is not None  # the record's "NVMe SSD" is one medium, named as it names it
    media = [name for name, pattern in MEDIA_TOKENS if pattern.search(NVME_SSD.sub(" NVMe ", texts))]
    if "flash" in media and ("SSD" in media or "NVMe" in media):
        # SSDs are the flash: "HDD, SSD and flash" named one medium twice (zh reading 14c, Q-m3: "混合闪存 NAS … SSD
        # 写缓存" read as three media, "flash" in English in the Chinese edition)
        media.remove("flash")
    mixed = "HDD" in media and len(media) > 1
    if not (mixed or POOLS.search(texts)) or w.m.save.speedup <= 1:
        return []
    text = _(
        "Record which pool or tier of {baseline} the checkpoints were written to, and the rule that placed them there "
        "(the test record names {media} on it): placing them on its fastest media is the cheapest alternative to a "
        "new system, and this test did not time a save there."
    )
    words = {"flash": _("flash"), "NVMe": "NVMe SSD" if nvme_ssd else "NVMe"}  # in the edition's language
    named = [words.get(name, name) for name in media]
    media_words = join_words(named) if named else _("more than one pool")
    return [Para(text.format(baseline=w.name("baseline"), media=media_words))]


def environment_note(w: Words) -> Para | None:
    """Said under the environment the setup prints (or in its place): what the record does not give."""
    parts = missing_words(w)
    if not parts:
        return None
    if w.config.environment:
        text = _("The record above does not give {parts}; the next steps ask for them.")
    else:
        text = _(
            "No test environment was recorded for this test: a formal test report states {parts}; the next steps "
            "ask for them."
        )
    return Para(text.format(parts=parts), "note")


#: A storage's own client or mount, as an [environment] line words it: "native parallel client (POSIX)", "proprietary
#: client", "原生并行客户端（POSIX）", "专用客户端挂载"; a kernel client alone names no path of its own.
_CLIENT_WORDS = r"(?:native|parallel|proprietary|dedicated|vendor|POSIX)"
CLIENT = re.compile(
    rf"\b{_CLIENT_WORDS}(?:[ -]{_CLIENT_WORDS})*[ -](?:client|mount)s?\b(?:\s*\(POSIX\))?"
    r"|(?:原生|并行|专用|私有|自研|厂商)[^\s，,；;、（(]{0,6}?(?:客户端|挂载)(?:\s*[（(]POSIX[)）])?",
    re.IGNORECASE,
)

#: Protocols and transports an [environment] line may name, by the token printed (cold read 5b, A6/A-5: NFS v4.1
#: over TCP against NFS over RDMA with nconnect=16, never said). Order: the order they are listed in.
ACCESS_TOKENS = (
    ("pNFS", re.compile(r"\bpNFS\b", re.IGNORECASE)),
    ("NFS", re.compile(r"(?<![pP])\bNFS\s*v?\s*(\d(?:\.\d)?)?", re.IGNORECASE)),
    ("SMB", re.compile(r"\b(?:SMB|CIFS)\b", re.IGNORECASE)),
    ("NVMe-oF", re.compile(r"\bNVMe[- ]?(?:oF|over Fabrics)\b|\bNVMe/(?:TCP|RDMA)\b", re.IGNORECASE)),
    ("RDMA", re.compile(r"\bRDMA\b|\bo2ib\b", re.IGNORECASE)),
    ("RoCE", re.compile(r"\bRoCE", re.IGNORECASE)),
    ("InfiniBand", re.compile(r"\bInfiniBand\b|\bIB\b", re.IGNORECASE)),
    ("TCP", re.compile(r"\bTCP\b|\bsocklnd\b", re.IGNORECASE)),
    ("nconnect", re.compile(r"\bnconnect\s*=\s*\d+", re.IGNORECASE)),
    ("Lustre", re.compile(r"\bLustre\b", re.IGNORECASE)),
    ("GPFS", re.compile(r"\bGPFS\b|Spectrum Scale|Storage Scale", re.IGNORECASE)),
    ("BeeGFS", re.compile(r"\bBeeGFS\b", re.IGNORECASE)),
    ("WekaFS", re.compile(r"\bWeka(?:FS)?\b", re.IGNORECASE)),
    # "Ceph" alone names the system, not how it is reached: CephFS, or a block device (RBD), is the access path (cold
    # read 7: "the test record names CephFS for Ceph" of "Ceph Reef, ... RBD with XFS on each node")
    ("CephFS", re.compile(r"\bCephFS\b", re.IGNORECASE)),
    ("RBD", re.compile(r"\bRBD\b")),
    ("DAOS", re.compile(r"\bDAOS\b")),
    ("S3", re.compile(r"\bS3\b")),
    ("FUSE", re.compile(r"\bFUSE\b", re.IGNORECASE)),
    ("iSCSI", re.compile(r"\biSCSI\b", re.IGNORECASE)),
    ("GPUDirect", re.compile(r"\bGPUDirect(?: Storage)?\b|\bGDS\b", re.IGNORECASE)),
    # a storage's own client, as written ("native parallel client (POSIX)", "原生并行客户端（POSIX）"), is its access
    # path (cold read 14, P: "no access path for LF-760"); printed as the record words it
    ("client", CLIENT),
    ("POSIX", re.compile(r"\bPOSIX\b", re.IGNORECASE)),
    # a node's own drives reached through its own file system: no network is the path (cold read 17, V-M3: "no access
    # path for Local RAID-10" of "the tray's own XFS file system, no network")
    (
        "local file system",
        re.compile(r"\bno network\b|\b(?:own|local)\b[^;,]{0,20}\b(?:XFS|ext4|file ?system)\b|不经网络", re.I),
    ),
)


def _tokens(text: str) -> list[str]:
    """The access tokens `text` names, each as printed ("NFS v4.1", "nconnect=16"), in ACCESS_TOKENS' order."""
    found = []
    for name, pattern in ACCESS_TOKENS:
        match = pattern.search(text)
        if match is None:
            continue
        if name == "NFS":
            found.append(f"NFS v{match.group(1)}" if match.group(1) else "NFS")
        elif name == "nconnect":
            found.append(re.sub(r"\s+", "", match.group(0)).lower())
        elif name == "client":
            found.append(match.group(0))
        elif name == "POSIX" and any("POSIX" in t.upper() for t in found):
            continue  # said within the client's words
        elif name == "local file system":
            found.append(_("a local file system, no network"))
        else:
            found.append(name)
    return found


def _system_lines(w: Words) -> dict[str, list[str]]:
    """The [environment] lines of each save system: a line whose label or text names one system (its full or short
    name, or the words "candidate"/"被测" or "baseline"/"基线" in the label) and not the other."""
    systems = w.config.systems
    roles = {"candidate": ("candidate", "被测"), "baseline": ("baseline", "基线")}
    names = {
        "candidate": {systems.candidate, systems.short_name(systems.candidate)},
        "baseline": {systems.save_baseline, systems.short_name(systems.save_baseline)},
    }
    out: dict[str, list[str]] = {"baseline": [], "candidate": []}
    load_words = ("load", "加载")
    for label, text in w.config.environment:
        if any(word in label.lower() for word in load_words) and systems.load_baseline != systems.save_baseline:
            continue  # the load baseline's line is not the save baseline's (cold tests 6: NFS v4.1 said of local NVMe)
        # the label's role words or names first ("candidate storage", "基线系统配置"), else the names in the text
        said = [key for key, words in roles.items() if any(r in label.lower() for r in words)] or naming(names, label)
        whole = len(said) == 1 or len(clauses(text)) == 1  # a system's own line, or one clause that names it
        said = said or naming(names, text)
        others = _names_other_system(w, text) or (len(said) == 1 and _names_by_model(w, said[0], text))
        if len(said) == 1 and others:
            # a line of one save system and another ("RoCE v2 to VM-12, TCP to QN-8"): the clauses that name it alone
            # (cold read 17, V-M3: TCP said of VM-12)
            out[said[0]].extend(c.strip() for c in re.split(r"[;；,，()（）]", text) if naming(names, c) == said)
        elif len(said) == 1 and whole:
            out[said[0]].append(text)
        elif not said[2:]:
            # a line of both systems ("HX-20: … RDMA; CV-300: NFS v4.1 …", scaling reading 16, M3), or of clauses of
            # which one names a system ("storage fabric …; NX-80 on 6 x 2 x 100 GbE; the partner mirror shares the
            # storage fabric": the mirror is the other system's, cold read 18, X minor 1): each clause naming one
            for key in out:
                out[key].extend(clauses_naming(text, names, key))
    return out


def _names_other_system(w: Words, text: str) -> bool:
    """Whether `text` names the load baseline where it is not the save baseline (full or short name)."""
    systems = w.config.systems
    if systems.load_baseline == systems.save_baseline:
        return False
    short = systems.short_name(systems.load_baseline)
    # its names, and a model word of its short name that names it ("QN-8" of "QN-8 filer")
    saves = f"{systems.candidate} {systems.save_baseline}".lower()
    model = {t for t in short.split() if re.search(r"\d", t) and len(t) > 2 and t.lower() not in saves}
    words = {systems.load_baseline, short, *model}
    # a name that is itself a protocol ("NFS") says nothing of which system a line is about
    words = {n for n in words if not any(p.fullmatch(n) for _name, p in ACCESS_TOKENS)}
    return any(re.search(rf"(?<!\w){re.escape(n)}(?!\w)", text, re.IGNORECASE) for n in words)


def _names_by_model(w: Words, side: str, text: str) -> bool:
    """Whether `text` names the other save system by a model word of its names, which `_named` does not catch: a line
    of one system that speaks of the other's ("TCP to NX-80, RoCE v2 for the T0 mirror", cold test 18, X: RDMA said
    of NX-80)."""
    systems = w.config.systems
    own, other = systems.save_baseline, systems.candidate
    if side == "candidate":
        own, other = other, own
    return names_by_model(f"{own} {systems.short_name(own)}", f"{other} {systems.short_name(other)}", text)


def _distinct(tokens: list[str]) -> list[str]:
    """`tokens` once each, less one whose words another token holds ("native client" beside "native parallel client
    (POSIX)", from two lines of the same system); Chinese words by their characters ("原生客户端" beside "原生并行客户端
    （POSIX）": Chinese reading 17, W minor 6)."""
    words = {t: set(re.findall(r"[^\W\u4e00-\u9fff]+|[\u4e00-\u9fff]", t.lower())) for t in tokens}
    return [t for t in dict.fromkeys(tokens) if not any(u != t and words[t] < words[u] for u in tokens)]


def system_lines(w: Words) -> dict[str, list[str]]:
    """The [environment] texts of each save system ("baseline", "candidate"), as `_system_lines` attributes them."""
    return _system_lines(w)


def access_path_note(w: Words) -> Para | None:
    """Where the [environment] lines of the two systems name different protocols or transports, that the ratios
    measure the storage and its access path together, naming the difference; None otherwise."""
    lines = _system_lines(w)
    # a token in the system's own name names the system, not how it is reached (cold read 10, Q-m4: "names BeeGFS for
    # BeeGFS and RDMA for YC-7200")
    systems = w.config.systems
    full = {"baseline": systems.save_baseline, "candidate": systems.candidate}
    own = {key: f"{full[key]} {systems.short_name(full[key])} {w.name(key)}".lower() for key in lines}
    tokens = {
        key: _distinct([t for text in texts for t in _tokens(text) if t.lower() not in own[key]])
        for key, texts in lines.items()
    }
    if bool(tokens["baseline"]) != bool(tokens["candidate"]) and all(lines.values()):
        named = "baseline" if tokens["baseline"] else "candidate"
        other = "candidate" if named == "baseline" else "baseline"
        text = _(
            "The test record names {path} for {named} and no access path for {other}, so whether the two reach their "
            "storage alike is not recorded: each ratio in this report measures the storage and its access path "
            "together."
        ).format(path=join_words(list(dict.fromkeys(tokens[named]))), named=w.name(named), other=w.name(other))
        return Para(text, "note")
    if not tokens["baseline"] or not tokens["candidate"] or set(tokens["baseline"]) == set(tokens["candidate"]):
        return None
    text = _(
        "The two systems differ in more than the storage: the test record names {baseline_path} for {baseline} and "
        "{candidate_path} for {candidate}, so each ratio in this report measures the storage and its access path "
        "together, not the storage alone."
    ).format(
        baseline_path=join_words(list(dict.fromkeys(tokens["baseline"]))),
        baseline=w.name("baseline"),
        candidate_path=join_words(list(dict.fromkeys(tokens["candidate"]))),
        candidate=w.name("candidate"),
    )
    return Para(text, "note")


#: The names a test record may give the gates G1-G4 other than the report's own (zh reading 14c, P-m2: the customer's
#: environment line "验收门槛" beside the report's 评估门槛).
GATE_TERMS = re.compile(
    r"验收门槛|验收标准|验收指标|考核门槛|考核指标|\bacceptance (?:gates|criteria|thresholds|targets)\b", re.IGNORECASE
)


def record_gate_term(w: Words) -> str | None:
    """The test record's own name for the gates, as written, where its [environment] lines call them otherwise than
    the report does; None where they do not. The report keeps its term (a joint test comes before a purchase, and
    验收 is the contract's acceptance after delivery: docs/zh-CN.md) and says which gates the record's name means."""
    for pair in w.config.environment:
        for text in pair:
            if found := GATE_TERMS.search(text):
                return found.group(0)
    return None
