"""measure's command line read before anything runs: the --client forms (fio's `host,port`, HOST:PORT, IPv6), one
server under two spellings, digits that are not decimal. Pure: no fio, no server."""

import pytest

from report.measure.command import clients
from report.measure.probe import Refused


@pytest.mark.parametrize(
    ("given", "taken"),
    [
        (["127.0.0.2"], ("127.0.0.2,8765",)),
        (["127.0.0.2,8766"], ("127.0.0.2,8766",)),
        (["127.0.0.2:8766"], ("127.0.0.2,8766",)),  # the usual spelling elsewhere (field test S3)
        (["node7.lab:9000"], ("node7.lab,9000",)),
        (["[::1]:8766"], ("ip6:::1,8766",)),
        (["[::1]"], ("ip6:::1,8765",)),
        (["ip6:::1,8766"], ("ip6:::1,8766",)),  # fio's own IPv6 spelling
        (["127.0.0.2,０８７６６"], ("127.0.0.2,8766",)),  # fullwidth digits are decimal digits
        (["127.0.0.2,8766", "127.0.0.3:8766"], ("127.0.0.2,8766", "127.0.0.3,8766")),
    ],
)
def test_a_client_is_taken_in_fios_spelling_and_the_usual_ones(given, taken):
    assert clients(given) == taken


@pytest.mark.parametrize("port", ["²", "8765²", "①", "1e3", "-1", "0", "65536", ""])
def test_a_port_that_is_not_a_decimal_number_in_range_is_one_line_not_a_traceback(port):
    """C1: str.isdigit() takes the superscript two, int() does not: a ValueError traceback on main."""
    text = f"127.0.0.2,{port}" if port else "127.0.0.2,"
    if port == "":
        assert clients([text]) == ("127.0.0.2,8765",)  # an empty port is the default one
        return
    with pytest.raises(Refused) as caught:
        clients([text])
    assert caught.value.status == 2
    assert "give HOST or HOST,PORT" in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize("text", ["a;b", "a b", "a:b:c", "[::1]x", "[zz]:1", "ip6:,8765", ",8765"])
def test_a_client_in_no_form_is_refused(text):
    with pytest.raises(Refused, match="give HOST or HOST,PORT"):
        clients([text])


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("127.0.0.2,28765", "127.2,28765"),  # C4: one address, two spellings
        ("127.0.0.2,28765", "127.0.0.2:28765"),
        ("localhost,28765", "127.0.0.1,28765"),
        ("127.0.0.2", "127.0.0.2,8765"),
    ],
)
def test_one_server_under_two_spellings_is_refused(first, second):
    with pytest.raises(Refused) as caught:
        clients([first, second])
    message = str(caught.value)
    assert caught.value.status == 2 and "named twice" in message and "give each server once" in message


def test_two_ports_of_one_host_are_two_servers():
    assert clients(["127.0.0.2,28765", "127.2,28766"]) == ("127.0.0.2,28765", "127.2,28766")


def test_a_path_holding_a_newline_cannot_forge_a_line_of_measure(tmp_path, capsys):
    """attacks-5 M02: `--path` "/tmp/a<newline>measure: verified" printed a line of its own beginning "measure:"."""
    import shutil

    from report.cli import main
    from tests.conftest import DATA

    folder = tmp_path / "test"
    shutil.copytree(DATA, folder)
    path = "/nonexistent/a\nmeasure: verified"
    argv = ["measure", str(folder), "--system", "Mingxin FX100", "--path", path, "--phases", "save"]
    assert main([*argv, "--snapshot-gb", "1", "--gpus", "8", "--dry-run"]) != 0
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith("measure: --path /nonexistent/a\\nmeasure: verified")


def test_a_stopped_session_says_how_to_finish_each_phase():
    """Field test 8, minor 8: phases stopped at different counts (2/2/2/1 of 2) took two commands the engineer worked
    out alone; the stop message gives them, most runs first."""
    from types import SimpleNamespace

    from report.measure.plan import Step
    from report.measure.progress import resume_hint

    done = [Step("save", 1), Step("save", 2), Step("load", 1), Step("load", 2), Step("sustain", 1)]
    s = SimpleNamespace(request=SimpleNamespace(runs=3), done=done)
    assert resume_hint(s, ["save", "load", "sustain"]) == (
        "; to finish the runs planned, run the same command again with --phases sustain --add-runs --runs 2, then "
        "with --phases save,load --add-runs --runs 1"
    )
    s = SimpleNamespace(request=SimpleNamespace(runs=2), done=[*done[:4], Step("sustain", 1), Step("sustain", 2)])
    assert resume_hint(s, ["save", "load", "sustain"]) == ""


def test_a_node_local_systems_sustained_write_from_several_hosts_is_warned():
    """Field test 8, major 2: the sustained write through two loopback servers was one node's bandwidth of a system
    local to each node in the report, and the same two servers were two client nodes in the sweep."""
    from report.measure.hosts import node_local_sustain
    from tests.measure.test_plan import request

    two = ("127.0.0.2,8765", "127.0.0.3,8765")
    (said,) = node_local_sustain(request(system="Local disk", clients=two), ("Local disk",))
    assert said == (
        "Local disk is storage local to each node (test.toml's node_local), so the report takes its sustained write as"
        " one node's bandwidth, but this session writes it from 2 hosts at once: their aggregate, which a client sweep"
        " counts as 2 client nodes; for one node's, measure --phases sustain with one --client"
    )
    assert node_local_sustain(request(system="Local disk", clients=two[:1]), ("Local disk",)) == ()  # one host
    assert node_local_sustain(request(system="Local disk", clients=two), ()) == ()  # shared: the clients' aggregate
    saves = request(system="Local disk", clients=two, phases=("save",))
    assert node_local_sustain(saves, ("Local disk",)) == ()  # no sustained write
