"""Model loading: the spread of each load, a stability warning, and loads that read memory."""

from report.document.blocks import Table
from report.inputs.joint_test import read_joint_test
from tests.conftest import DATA, FIXTURES, PROVENANCE
from tests.sections.helpers import all_paras, build, paras, section, texts
from tests.sections.test_words import FIO_EXAMPLE


def test_loads_carry_their_spread_and_a_stability_warning():
    ctx, _m = build(FIXTURES / "repeated")
    table = next(b for b in section(ctx, "loading").blocks if isinstance(b, Table))
    assert [r[0] for r in table.rows] == ["7B", "32B", "32B"]  # natural order, then platform
    assert table.rows[1][4:] == ("110 ± 14", "11 ± 1.4", "12.9 / 12.9", "99", "10.0×", "5.75× to 17.4×")
    # The other pairs, 40 / 8 = 5.00× and 90 / 15 = 6.00×, have one load time per system: their spread is unknown,
    # not small (cold read 6, M7), and the pair shown unstable (110 / 11 = 10.0×) cannot head a range (cold read 7,
    # M4). No pair is shown within the limit, so no range is stated as the speedup (cold read 10, M2).
    headline, *rest = texts(section(ctx, "loading").blocks)
    # schema 4: a pair is established by the rule the saves follow (min_runs runs a side, a spread within the limit),
    # and each pair not established is named with why, in its section only
    assert headline == (
        "With the recorded load times, Old NFS takes 5.00×–10.0× as long as Array X to load (3 model/platform pairs), "
        "not yet an established speedup: 32B on Atlas 910B (2 runs a system, 3 needed; spread 12.9% on Old NFS and "
        "12.9% on Array X (CV); its 95% interval, 5.75× to 17.4×, excludes 1×, so the direction is settled but not the "
        "size), 32B on H100 (1 run a system, 3 needed) and 7B on Atlas 910B (1 run a system, 3 needed)."
    )
    warning = next(t for t in rest if "not yet pinned down" in t)
    assert warning.startswith("32B on Atlas 910B: the load times on Old NFS 12.9% and Array X 12.9% (CV) spread above")
    summary = next(t for t in texts(section(ctx, "summary").blocks) if t.startswith("For inference"))
    assert summary == (
        "For inference, with the recorded load times Old NFS takes 5.00×–10.0× as long as Array X to load (3 "
        "model/platform pairs), not yet an established speedup: no pair meets the rule the saves follow (see “Model "
        "loading for inference”)."
    )


def test_long_system_names_head_their_columns_by_role():
    """A 60-character name would wrap a narrow number column over more than three lines: the role heads it, the note
    names the system; names up to 24 characters head their own columns, as before."""
    from report.compute import compute
    from report.sections import loading
    from report.wording.base import Words

    test = read_joint_test(DATA)
    w = Words(test, compute(test), {}, PROVENANCE)
    long = "Enterprise NFS v4.1 filer (2 heads, 2 x 100 GbE, nconnect=8)"
    headers, named = loading._system_headers(w, long, "Mingxin FX100")
    assert headers == ("Load baseline (s)", "Candidate (s)")
    assert named == f"Load baseline: {long}; candidate: Mingxin FX100."
    assert loading._system_headers(w, "NFS", "Mingxin FX100") == (("NFS (s)", "Mingxin FX100 (s)"), "")
    # a name that ends in a bracket gets its unit after a slash, never a second bracket
    assert loading._system_headers(w, "NFS (existing)", "FX100") == (("NFS (existing) / s", "FX100 (s)"), "")


def test_loads_from_a_system_that_keeps_them_in_memory_say_so_and_are_marked(folder):
    # examples/fio-local: tmpfs is not durable, and its [environment] says every load reads memory. Loads 2.39 s and
    # 0.865 s: 2.76× faster, 1.52 s per cold start.
    memory = (
        "The loads on tmpfs (/dev/shm) read a model held in memory, not on storage: they time a read from memory "
        "through this machine's I/O path, not what a durable system will do."
    )
    ctx, _m = build(FIO_EXAMPLE)
    summary = next(p for p in paras(section(ctx, "summary").blocks) if p.text.startswith("For inference"))
    # one pair, both systems' loads spread above the saves' 5% limit: no speedup established (cold read 10, M2); whose
    # runs and which limit are said (Chinese reading 18, M1: "its runs" after the baseline's name read as its alone)
    WHY = (
        "2 × 512 MiB read (fio) on 2-core VM (spread 19.9% on Local disk (ext4 on virtio) and 15.2% on tmpfs (/dev/shm) "
        "(CV); its 95% interval, 1.83× to 4.16×, excludes 1×, so the direction is settled but not the size)"
    )
    # the summary states it in a clause and points to the section, which says why (each fact explained once)
    assert summary.text == (
        "For inference, Local disk (ext4 on virtio) takes 2.76× as long as tmpfs (/dev/shm) to load (1 "
        "model/platform pair), not yet an established speedup: no pair meets the rule the saves follow (see “Model "
        "loading for inference”). " + memory
    )
    loading = list(paras(section(ctx, "loading").blocks))
    assert loading[0].text == (
        "Local disk (ext4 on virtio) takes 2.76× as long as tmpfs (/dev/shm) to load (1 model/platform pair), not yet "
        "an established speedup: " + WHY + ". " + memory + " " + FIO_READS + " " + SAME_READ
    )
    # marked for what the loads read, not for the saves' durability (field test 7, m16)
    assert {p.illustrative for p in [summary, *loading]} == {"reads_memory"}
    table = next(b for b in section(ctx, "loading").blocks if isinstance(b, Table))
    assert table.illustrative == "reads_memory"
    said = [p for p in all_paras(ctx) if "read memory" in p.text or "held in memory, not on storage" in p.text]
    assert sum(memory in p.text for p in said) == 2  # the summary and the loading section; elsewhere a pointer
    # the life-cycle answer carries the loads' mark (reads memory), its words one sentence pointing to the section
    lifecycle = next(p for p in all_paras(ctx) if p.text.startswith("Deploying and serving"))
    assert lifecycle.illustrative == "reads_memory" and lifecycle.text.endswith("(see “Model loading for inference”).")
    # The same test without `not_durable`: its [environment] still says that every load on tmpfs reads memory.
    data = folder(FIO_EXAMPLE)
    toml = (data / "test.toml").read_text().replace('not_durable = ["tmpfs (/dev/shm)"]\n', "")
    (data / "test.toml").write_text(toml)
    ctx, m = build(data)
    assert m.not_durable == ()
    assert memory in next(p.text for p in paras(section(ctx, "summary").blocks) if p.text.startswith("For inference"))
    # A durable load system (data/: NFS against Mingxin FX100) says nothing of memory, and keeps its own mark.
    ctx, _m = build(DATA)
    assert not any("read memory" in p.text or "held in memory" in p.text for p in all_paras(ctx))
    assert next(b for b in section(ctx, "loading").blocks if isinstance(b, Table)).illustrative == "illustrative"


SAME_READ = (
    "On Local disk (ext4 on virtio) and tmpfs (/dev/shm), the load runs are the same fio job as the restore runs, "
    "reading the files the saves wrote: the load time is the restore's read repeated, not a second workload."
)
FIO_READS = (
    "These load times are fio's reads of files the model's size: a proxy for a load, which also deserialises the weights "
    "and copies them to the GPUs. Those steps are not timed here; they do not depend on the storage, so they lengthen "
    "the cold start on both systems alike and bring the ratio of the two closer to 1×."
)


def test_loads_and_restores_read_by_fio_are_called_a_proxy(folder):
    """Cold read 16, M3: examples/fio-local's loads and restores are fio's reads of files, captioned as the time until
    a model is ready to serve. The table, the chart and the failure section say what they time and what they leave
    out; loads typed into load_times.csv (data/) keep the load's own words, and so do fio's loads beside typed rows."""
    from report.document.blocks import Figure

    ctx, _m = build(FIO_EXAMPLE)
    blocks = section(ctx, "loading").blocks
    assert next(b for b in blocks if isinstance(b, Table)).caption == (
        "Time to read files the model's size (fio), a proxy for the load time"
    )
    # the loads are the restores' fio job again, on both systems (cold read 30, M1)
    assert SAME_READ in " ".join(texts(blocks))
    chart = next(b for b in blocks if isinstance(b, Figure)).chart
    assert chart.title == "Model load time for inference (fio's file reads, a proxy)"
    assert chart.caption.startswith(
        "Mean time for fio to read files the model's size, per model and platform: a proxy for a load"
    )
    assert chart.illustrative == "reads_memory"
    restores = texts(section(ctx, "reliability").blocks)
    assert (
        sum(
            "These restore times are fio's reads of the saved files: a framework's work in a restore" in t
            for t in restores
        )
        == 1
    )
    for data in (DATA, FIXTURES / "repeated"):
        ctx, _m = build(data)
        blocks = section(ctx, "loading").blocks
        assert next(b for b in blocks if isinstance(b, Table)).caption == "Model load time (inference cold start)"
        assert next(b for b in blocks if isinstance(b, Figure)).chart.title == "Model load time for inference"
        assert not any("proxy" in t for t in texts(blocks))
    # One typed load row beside fio's: the rows are no longer all fio's reads, and nothing calls them so.
    data = folder(FIO_EXAMPLE)
    (data / "load_times.csv").write_text(
        "system,model,platform,size_gb,run,load_s\ntmpfs (/dev/shm),2 × 512 MiB read (fio),2-core VM,1.073741824,9,0.9\n"
    )
    ctx, _m = build(data)
    assert not any("proxy" in t for t in texts(section(ctx, "loading").blocks))


def test_single_load_times_are_not_said_to_be_timed():
    """data/'s load times are illustrative, one per system for each of its 3 models (white paper ratios): the text
    gives each pair's runs against the runs the gates need, true of a value supplied or chosen, not that it was timed."""
    ctx, _m = build(DATA)
    words = texts(section(ctx, "loading").blocks)
    assert words[0] == (
        "With the illustrative load times, NFS takes 6.20×–9.30× as long as Mingxin FX100 to load (3 model/platform "
        "pairs), not yet an established speedup: 32B on Huawei Atlas 910B (1 run a system, 3 needed), 70B on Huawei "
        "Atlas 910B (1 run a system, 3 needed) and 7B on Huawei Atlas 910B (1 run a system, 3 needed)."
    )
    assert not any("timed" in t for t in words)


def test_every_pair_heads_the_range_and_those_not_established_are_named(folder):
    """Schema 4 (fifth cold read, M8): no pair is left out of a headline because of its spread. Give the 7B pair three
    runs each (40/41/40 s and 8/8/8 s, within the 10% limit): 7B is established; the range stays every pair's,
    5.00× to 10.0×, and the other pairs are named as not established, each with why."""
    data = folder("repeated")
    (data / "load_times.csv").write_text(
        (data / "load_times.csv").read_text()
        + "Old NFS,7B,Atlas 910B,16,2,41,bo\nArray X,7B,Atlas 910B,16,2,8,bo\n"
        + "Old NFS,7B,Atlas 910B,16,3,40,bo\nArray X,7B,Atlas 910B,16,3,8,bo\n"
    )
    ctx, m = build(data)
    assert m.load.established_range == (5.041666666666667, 5.041666666666667)
    headline = texts(section(ctx, "loading").blocks)[0]
    assert headline.startswith(
        "With the recorded load times, Array X brings a model into service 5.04× to 10.0× faster than Old NFS: 99 s "
        "less per cold start of 32B on Atlas 910B, 75 s less per cold start of 32B on H100 and 32.3 s less per cold "
        "start of 7B on Atlas 910B. Not established by the rule the saves follow (3 runs or more and a spread within "
        "10% on each system): 32B on Atlas 910B (2 runs a system, 3 needed; spread 12.9% on Old NFS and 12.9% on "
        "Array X (CV)"
    )


def test_one_unstable_side_is_named_with_its_spread(folder):
    """One pair whose baseline alone spreads above the limit: 40, 50 and 60 s on NFS (mean 50, sd 10, CV 20.0%)
    against 8.0, 8.1 and 7.9 s (CV 1.25%): the tile and the section name NFS, the section with its spread."""
    data = folder("data")
    rows = [f"NFS,7B,Huawei Atlas 910B,15.2,{run},{t}" for run, t in enumerate((40, 50, 60), 1)]
    rows += [f"Mingxin FX100,7B,Huawei Atlas 910B,15.2,{run},{t}" for run, t in enumerate((8.0, 8.1, 7.9), 1)]
    (data / "load_times.csv").write_text("system,model,platform,size_gb,run,load_s\n" + "\n".join(rows) + "\n")
    ctx, m = build(data)
    assert (m.load.models[0].baseline_cv_pct, round(m.load.models[0].candidate_cv_pct, 2)) == (20.0, 1.25)
    tile = next(k for k in ctx.cover.tiles if k.id == "loading")
    assert (
        tile.note
        == "NFS takes 6.25× as long (1 model/platform pair): too few runs or too wide a spread to establish it"
    )
    headline = texts(section(ctx, "loading").blocks)[0]
    # the finding names NFS alone (fifth Chinese reading, B2: "基线 7.70%、被测系统 2.61%，超过……5% 上限" named both)
    assert "not yet an established speedup: 7B on Huawei Atlas 910B (spread 20.0% on NFS (CV)" in headline
    assert "Mingxin FX100 (CV)" not in headline
    warning = next(t for t in texts(section(ctx, "loading").blocks) if "not yet pinned down" in t)
    assert warning.startswith("7B on Huawei Atlas 910B: the load times on NFS 20.0% (CV) spread above the 5%")


def test_loads_whose_intervals_exclude_one_settle_the_direction_not_the_size(folder):
    """Cold read 5b, M6/M-5: every pair's 95% interval above 1× with only the spread above the rule is a saving
    established in direction; the Q&A and the summary say "at least low×" and the saving at least baseline × (1 −
    1/low) per cold start, and by how much each spread exceeds the rule. repeated (max_cv_pct 10): Array X 10, 12, 14 s
    (CV 16.7%, 6.67 points above); gates_fail (default 5%): Base NFS 20, 22, 24 s (CV 9.09%, 4.09 points above)."""
    from report.formatting import s3, sig

    cases = (
        ("repeated", "Old NFS,32B,Atlas 910B,64,{run},{b},amy\nArray X,32B,Atlas 910B,64,{run},{c},amy\n",
         "system,model,platform,size_gb,run,load_s,operator\n", (110, 100, 120), (10, 12, 14),
         "16.7% on Array X for 32B (6.67 points above the 10% rule)"),
        ("gates_fail", "Base NFS,M,P,50,{run},{b}\nCand,M,P,50,{run},{c}\n",
         "system,model,platform,size_gb,run,load_s\n", (20, 22, 24), (10.0, 10.1, 10.2),
         "9.09% on Base NFS for M (4.09 points above the 5% rule)"),
    )  # fmt: skip
    for name, row, header, base, cand, excess in cases:
        data = folder(name)
        rows = "".join(row.format(run=i + 1, b=b, c=c) for i, (b, c) in enumerate(zip(base, cand, strict=True)))
        (data / "load_times.csv").write_text(header + rows)
        ctx, m = build(data)
        p = m.load.models[0]
        assert p.speedup_ci95 is not None and p.speedup_ci95[0] > 1 and not p.established
        least = f"at least {sig(p.speedup_ci95[0])}× for {p.model} on {p.platform} (at least "
        saved = s3(p.baseline_s * (1 - 1 / p.speedup_ci95[0]))
        qa = " ".join(texts(section(ctx, "qa").blocks))
        assert "at 95% confidence" in qa and least + f"{saved} saved per cold start)" in qa
        assert "only the size of each ratio is not yet pinned down, with spreads of " + excess in qa
        assert "do not yet establish a cold-start saving" not in qa
        summary = " ".join(texts(section(ctx, "summary").blocks))
        assert "At 95% confidence" in summary and least in summary and excess in summary
        loading = " ".join(texts(section(ctx, "loading").blocks))
        assert "size of this pair's ratio is not yet pinned down" in loading and "unstable" not in loading


def test_a_mean_that_needs_a_fourth_digit_sets_the_table_s_precision():
    """Chinese reading 12, W-m6: W's GLM-4-32B loads, 36.606 s on CubeFS and 16.528 s on XY-3600, a 2.2148× speedup,
    print "16.53": 36.6 ÷ 16.5 = 2.218 would print 2.22×, 36.6 ÷ 16.53 = 2.214 gives the 2.21× beside it back. zh
    reading 17, W minor 8: a note saying why one cell has more digits is the tool's talk; every time in the table is
    printed to that cell's decimals instead, and a table whose pairs need no more keeps three significant digits."""
    from types import SimpleNamespace

    from report.sections.loading import _load_means, _table_note, table_means

    glm = SimpleNamespace(
        baseline_s=36.606, candidate_s=16.528, speedup=36.606 / 16.528, baseline_runs=5, candidate_runs=5
    )
    even = SimpleNamespace(baseline_s=20.0, candidate_s=10.0, speedup=2.0, baseline_runs=5, candidate_runs=5)
    assert _load_means(glm) == ("36.6", "16.53") and _load_means(even) == ("20", "10")
    assert table_means([even, glm]) == [("20.00", "10.00"), ("36.61", "16.53")]
    assert table_means([even]) == [("20", "10")]
    assert "digits" not in _table_note([even, glm])
    # Y's OLMo-2 loads by hand: 28.862 ÷ 12.562 = 2.2976 (2.30×); 28.9 ÷ 12.6 = 2.294 would print 2.29×; 28.86 ÷
    # 12.56 = 2.2978 prints 2.30×
    olmo = SimpleNamespace(
        baseline_s=28.862, candidate_s=12.562, speedup=28.862 / 12.562, baseline_runs=5, candidate_runs=5
    )
    assert table_means([olmo]) == [("28.86", "12.56")]
