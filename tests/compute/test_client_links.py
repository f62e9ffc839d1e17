"""The client nodes a shared system's bandwidth was logged from and their links, as the test record gives them (cold
read 13b, Y: HW-7's 11.8 GB/s from 6 nodes of 2 × 100 Gb/s, "the array's limit or the clients'" not shown; X: 16
trays × 400 Gb/s, about 800 GB/s, against LC-520's 45.1 GB/s)."""

from types import SimpleNamespace

from report.compute.client_links import clients_logged, node_links, side_clients_logged, side_links
from report.inputs.specs import Systems
from tests.sections.helpers import build, section, texts


def _test(bandwidth: str = "", environment: tuple[tuple[str, str], ...] = ()):
    return SimpleNamespace(config=SimpleNamespace(sources={"bandwidth": bandwidth}, environment=environment))


def test_the_count_and_the_links_are_read_as_the_record_writes_them():
    y = "fio 3.37 sequential write, 8 jobs on each of the 6 training nodes, 1 MiB blocks, direct=1, 80 s per run"
    assert clients_logged(_test(y)) == 6
    x = "fio 3.38 顺序写，本地 E1.S 在单个计算托盘上测（4 个作业）；LC-520 由 16 个计算托盘同时写（每托盘 8 个作业）"
    assert clients_logged(_test(x)) == 16
    assert clients_logged(_test("fio, 8 jobs, 1 MiB blocks")) is None  # jobs are no machines
    assert clients_logged(_test("12 nodes on ZFS, 16 nodes on CX-10")) is None  # two counts: whose is not said
    training = ("training nodes", "6 x 8-GPU NVIDIA A100 80 GB SXM servers, 2 x 100 Gb/s HDR InfiniBand each")
    storage = ("candidate storage", "Harrow HW-7, 4 nodes, 2 x 200 Gb/s each")  # the storage's own links: not clients'
    assert node_links(_test(environment=(training, storage))) == (2, 100.0)
    trays = ("计算节点", "16 个 GB200 计算托盘（每托盘 4 块 B200 GPU），每托盘 1 × 400 Gb/s 存储网卡")
    assert node_links(_test(environment=(trays,))) == (1, 400.0)
    assert node_links(_test(environment=(("training nodes", "6 servers on a 400 Gb/s fabric"),))) is None  # no "each"
    assert node_links(_test(environment=(storage,))) is None


def _with(folder, bandwidth: str, line: str):
    data = folder("repeated")
    toml = data / "test.toml"
    text = toml.read_text().replace("[sources]\n", f'[sources]\nbandwidth = "{bandwidth}"\n')
    toml.write_text(text + f'\n[environment]\n"training nodes" = "{line}"\n')
    return data


def test_without_a_sweep_the_bandwidth_says_its_clients_and_their_links(folder):
    # repeated by hand: Old NAS's runs average 2.5 and 3.5 GB/s, 3.00 GB/s; Array X's 6 and 8, 7.00 GB/s. 4 nodes of
    # 2 × 200 Gb/s are 4 × 400 ÷ 8 = 200 GB/s together: 3 ÷ 200 = 1.50%, 7 ÷ 200 = 3.50%, far below the links
    data = _with(folder, "fio, 4 jobs on each of the 4 training nodes", "4 x 8-GPU servers, 2 x 200 Gb/s IB each")
    ctx, m = build(data)
    assert (m.bandwidth.baseline_gbps, m.bandwidth.candidate_gbps) == (3.0, 7.0)
    said = " ".join(texts(section(ctx, "bandwidth").blocks))
    assert (
        "The bandwidth of Old NAS and Array X was logged from 4 client nodes and at no other client count: without a "
        "client sweep, whether each figure is the storage's limit or the clients' is not shown. The test record gives "
        "each of those nodes 2 × 200 Gb/s of network links, 200 GB/s together: Old NAS's 3.00 GB/s is 1.50% of that "
        "and Array X's 7.00 GB/s is 3.50% of that, so the clients' network links were not the limit." in said
    )
    assert said.count("no other client count") == 1


def test_a_bandwidth_close_to_the_links_may_be_theirs(folder):
    # 2 nodes of 1 × 32 Gb/s: 2 × 32 ÷ 8 = 8 GB/s; Array X's 7.00 is 87.5% of it, Old NAS's 3.00 37.5%
    data = _with(folder, "fio on each of the 2 training nodes", "2 servers, 1 x 32 Gb/s per node")
    said = " ".join(texts(section(build(data)[0], "bandwidth").blocks))
    assert (
        "8.00 GB/s together: Old NAS's 3.00 GB/s is 37.5% of that and Array X's 7.00 GB/s is 87.5% of that, close "
        "enough that the clients' network links may have been the limit." in said
    )


def test_without_a_count_or_links_only_the_missing_sweep_is_said(folder):
    said = " ".join(texts(section(build(folder("repeated"))[0], "bandwidth").blocks))
    assert (
        "The bandwidth of Old NAS and Array X was logged at one client count and at no other: without a client sweep, "
        "whether each figure is the storage's limit or the clients' is not shown." in said
    )
    assert "network links" not in said


def test_a_bracketed_aside_does_not_hide_a_sides_links():
    # cold tests 15, R: "to AX-6 (6 x 2 x 400 Gb/s on the storage side)" read as two figures in one clause
    line = (
        "network",
        "each compute node 2 x 400 Gb/s NDR InfiniBand to Array X (6 x 2 x 400 Gb/s on the storage side) and "
        "2 x 100 GbE to Old NAS (each controller 4 x 100 GbE)",
    )
    systems = Systems(save_baseline="Old NAS", candidate="Array X", load_baseline="")
    test = SimpleNamespace(config=SimpleNamespace(environment=(line,), systems=systems))
    assert side_links(test) == {"baseline": (2, 100.0), "candidate": (2, 400.0)}


def test_a_sides_count_and_links_read_alike_in_either_language():
    # cold tests 17, U-V9 (fixture of our own): the baseline measured on one node, the candidate from 6 at once; zh
    # writes the baseline's count as a digit ("1 个节点"), which was taken for the candidate's
    systems = Systems(candidate="Array Q", save_baseline="Local SSD", load_baseline="")
    en = "fio, 3 runs: Local SSD on one node (8 jobs); Array Q from the job's 6 nodes at once (8 jobs each)"
    zh = "fio，每个系统 3 次：Local SSD 在 1 个节点上测（8 个作业）；Array Q 由作业的 6 个节点同时写（每个 8 个作业）"
    for text in (en, zh):
        test = SimpleNamespace(config=SimpleNamespace(sources={"bandwidth": text}, systems=systems))
        assert side_clients_logged(test, "candidate") == [6]
    # a record naming no side: every count it gives
    plain = SimpleNamespace(config=SimpleNamespace(sources={"bandwidth": "fio from 4 nodes"}, systems=systems))
    assert side_clients_logged(plain, "candidate") == [4]
    # "2 个 200 Gb/s" is two links of 200, as "2 x 200 Gb/s": 2 × 200 = 400 Gb/s a node
    line = ("客户端链路", "计算节点每节点 2 个 200 Gb/s 端口接入存储网络")
    assert node_links(_test(environment=(line,))) == (2, 200.0)
    assert node_links(_test(environment=(("client links", "each node 2 x 200 Gb/s ports"),))) == (2, 200.0)


def test_each_sides_bandwidth_test_count_read_from_the_record():
    # cold tests 17, U-V6, U-W4 (records of our own): the count a side's clause gives; "one node" with no digit is 1;
    # "the job's servers" with no count is the job's nodes (here 6); two counts for a side, or none, give none
    from report.compute.client_links import bandwidth_test_clients

    systems = Systems(candidate="Array Q", save_baseline="Local SSD", load_baseline="")

    def counts(text: str) -> tuple[int | None, int | None]:
        test = SimpleNamespace(config=SimpleNamespace(sources={"bandwidth": text}, systems=systems))
        return bandwidth_test_clients(test, "baseline", 6), bandwidth_test_clients(test, "candidate", 6)

    assert counts("fio: Local SSD on one node (8 jobs); Array Q from the job's 4 nodes at once") == (1, 4)
    assert counts("fio：Local SSD 在单个节点上测；Array Q 由作业的 4 个节点同时写") == (1, 4)
    assert counts("fio from all of the job's servers at once, 8 jobs each") == (6, 6)
    assert counts("fio 由作业的全部服务器同时写，每台 8 个作业") == (6, 6)
    assert counts("fio sequential write from the job's 8 servers at once, 8 jobs each") == (8, 8)
    assert counts("fio, 8 jobs, 1 MiB blocks") == (None, None)
    assert counts("12 nodes on Local SSD, 16 nodes on Array Q") == (None, None)  # no semicolon: both counts each
