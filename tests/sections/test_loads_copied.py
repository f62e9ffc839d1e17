"""Loads from a candidate local to each node read a model already copied onto the node's drives, a copy the load
times leave out unless their source says it was timed (cold tests 14, Q): said once on page 1's loads reason and once
in the loading section, nowhere for a shared candidate."""

import shutil

from report.compute.nodes import copy_timed
from tests.conftest import ROOT
from tests.sections.helpers import build, cover_text, paras, section

COPY = "assume the model already copied onto that node's drives, a copy this test did not time."


def _local_candidate(tmp_path, source: str = "vLLM cold start, page cache dropped before each load"):
    """examples/async-70b with its candidate, Mingxin FX100, local to each node, its load times logged (not
    illustrative: page 1 then gives the loads as a reason), `source` their text."""
    folder = tmp_path / "local"
    shutil.copytree(ROOT / "examples" / "async-70b", folder)
    toml = folder / "test.toml"
    text = toml.read_text().replace(
        'load_baseline = "Parallel NFS (existing)"\n',
        'load_baseline = "Parallel NFS (existing)"\nnode_local    = ["Mingxin FX100"]\n',
    )
    text = text.replace("snapshot_gb = 5670\n", "snapshot_gb = 5670\ngpus        = 512\n")  # a node-local side needs it
    text = text.replace('"bandwidth", "load_times", ', '"bandwidth", ')
    text = text.replace('"Illustrative: model load times chosen for this example"', f'"{source}"')
    toml.write_text(text)
    return build(folder)


def test_the_copy_timed_is_read_from_the_source_clause_by_clause():
    assert not copy_timed(
        "vLLM cold start; the model had been copied to the node's drives beforehand (the copy is not timed)"
    )
    assert not copy_timed("vLLM cold start, 5 per system")
    assert copy_timed("vLLM cold start; the copy onto each node's drives was timed: 310 s")
    assert not copy_timed("模型事先复制到节点盘上（复制未计时）")


def test_faster_loads_from_a_node_local_candidate_say_the_copy_once(tmp_path):
    ctx, m = _local_candidate(tmp_path)
    assert m.node_local is not None and m.node_local.load_copy_untimed
    loading = " ".join(p.text for p in paras(section(ctx, "loading").blocks))
    assert loading.count(COPY) == 1
    assert "Loads from Mingxin FX100, storage local to each node, " + COPY in loading


def test_a_timed_copy_or_a_shared_candidate_says_nothing(tmp_path):
    _ctx, m = _local_candidate(tmp_path, "vLLM cold starts; the copy onto each node's drives was timed, 310 s")
    assert m.node_local is not None and not m.node_local.load_copy_untimed
    ctx, m = build(ROOT / "examples" / "async-70b")
    assert m.node_local is None
    assert COPY not in " ".join(p.text for p in paras(section(ctx, "loading").blocks))


def test_the_copy_is_said_once_beside_page_1_s_loads_reason(tmp_path):
    ctx, _m = _local_candidate(tmp_path)
    reason = next(r for r in ctx.cover.reasons if r.startswith("Model loads from Mingxin FX100 are"))
    assert reason.endswith(" Loads from Mingxin FX100, storage local to each node, " + COPY), reason
    assert cover_text(ctx).count(COPY) == 1


def test_page_1_s_loads_reason_in_chinese_is_a_sentence_not_a_colon(tmp_path):
    """Chinese reading 15, R: "其中 A 为 2.58 倍和 B 为 1.75 倍" joined clauses by 和, and one pair hung on a colon."""
    from report import i18n

    with i18n.activate("zh-CN"):
        ctx, _m = _local_candidate(tmp_path)
        reason = next(i18n.typeset(r) for r in ctx.cover.reasons if "加载模型比从" in r)
    assert reason.replace(i18n.NO_BREAK_SPACE, " ").startswith(
        "从 Mingxin FX100 加载模型比从 Parallel NFS (existing) 更快，70B 的加载加速比为 5.19 倍。"
    )
