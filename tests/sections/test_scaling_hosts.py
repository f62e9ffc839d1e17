"""Field test 8, major 2: two fio servers on loopback were one node in the bandwidth test (the node-local sides'
"one node's" bandwidth, times the nodes) and two client nodes in the sweep; page 1 quoted the ratio modelled from
the two-host bandwidth test (0.981×) where the sweep's one client node gave 0.518×, and the section called the
models "the fits". The measured folder of field test 6 (two loopback servers) with both sides local to each node and
a sweep of the candidate at 1 and 2 client nodes shows the same shape."""

from __future__ import annotations

import shutil

from report.formatting import sig
from tests.conftest import FIXTURES
from tests.sections.helpers import build, cover_text, section, texts

C, B = "tmpfs (RAM, 3 GB)", "Local disk (ext4)"


def _folder(tmp_path):
    path = tmp_path / "field6"
    shutil.copytree(FIXTURES / "field6_tmpfs", path)
    toml = path / "test.toml"
    toml.write_text(toml.read_text().replace("not_durable = [", f'node_local = ["{B}", "{C}"]\nnot_durable = [', 1))
    # the candidate swept at 1 and 2 client nodes: 1.2 and 2.2 GB/s on average, too few counts for a law
    (path / "scaling.csv").write_text(f'system,clients,run,write_gbps\n"{C}",1,1,1.1\n"{C}",1,2,1.3\n"{C}",2,1,2.2\n')
    return path


def test_a_side_swept_at_the_jobs_node_gives_page_one_its_measured_ratio(tmp_path):
    ctx, m = build(_folder(tmp_path))
    assert m.nodes == 1  # 4 GPUs, 8 to a node
    one_node_b = m.bandwidth.baseline.sustained_gbps  # the baseline is modelled: one node's bandwidth × 1
    measured = 1.2 / one_node_b  # the candidate's sweep at 1 client node: (1.1 + 1.3) / 2
    modelled = m.bandwidth.candidate.sustained_gbps / one_node_b
    assert f"{m.scaling.at_job.ratio:.12f}" == f"{modelled:.12f}"  # the contract's at_job: both sides modelled
    assert sig(measured) != sig(modelled)
    # page 1 gives the sweep's measured ratio at the job's 1 node, not the one modelled from the bandwidth test
    assert (
        f"Client sweep: {sig(measured)}× the baseline's modelled aggregate (one node × nodes) at the job's 1 node"
        in (cover_text(ctx))
    )
    scaling = " ".join(texts(section(ctx, "scaling").blocks))
    assert (
        f"At this training job's 1 node the figures modelled from the bandwidth test give {sig(modelled)}× "
        f"({sig(m.bandwidth.candidate.sustained_gbps)} against {sig(one_node_b)} GB/s); the sweep's means there give "
        f"{sig(measured)}×." in scaling
    )
    assert "the fits give" not in scaling
    # both bandwidth tests wrote from the two loopback servers: said of each side, with the candidate's one-client mean
    hosts = "wrote from 2 fio hosts at once (127.0.0.21 and 127.0.0.22), the count this sweep calls 2 client nodes"
    assert scaling.count(hosts) == 2
    assert (
        f"Its bandwidth test {hosts}: its {sig(m.bandwidth.candidate.sustained_gbps)} GB/s is their aggregate, which "
        "these figures take as one node's. Its sweep gave 1.20 GB/s with one client node." in scaling
    )


def test_a_steady_state_ratio_is_given_only_where_the_side_is_modelled(tmp_path):
    """The steady-state ratio rescales a side's modelled figure (one node's bandwidth × nodes); where that side was
    swept (the candidate at 2 client nodes) its figure is measured, and rescaling it by the bandwidth test's warm-up
    gave a ratio nothing supports (0.480× beside the measured 0.474×)."""
    ctx, m = build(_folder(tmp_path))
    b, c = m.bandwidth.baseline, m.bandwidth.candidate
    scaling = " ".join(texts(section(ctx, "scaling").blocks))
    modelled = c.sustained_gbps / b.sustained_gbps
    at_two = 2.2 / (2 * b.sustained_gbps)  # the candidate's one run at 2 client nodes against the baseline's model
    # the candidate's steady state: at the job's 1 node only, where its figure is the model
    assert (
        f"on the test's steady-state {sig(c.steady_gbps)} GB/s the ratio would be "
        f"{sig(modelled * c.steady_gbps / c.sustained_gbps)}× at 1 client node. " in scaling
    )
    # the baseline's: at both counts, its figure modelled at each
    assert (
        f"on the test's steady-state {sig(b.steady_gbps)} GB/s the ratio would be "
        f"{sig(modelled * b.sustained_gbps / b.steady_gbps)}× at 1 client node and "
        f"{sig(at_two * b.sustained_gbps / b.steady_gbps)}× at 2 client nodes." in scaling
    )
