"""Recording in test.toml: the user's text kept, lines added where they belong, refused where they cannot be."""

import os
import tomllib

import pytest

from report.measure.probe import Refused
from report.measure.record import ImportTable, toml_key, toml_value, updated, write_atomically

HEAD = 'title = "t"\n\n[systems]\ncandidate = "FX100"  # the array\n'
SAVE = ImportTable(
    ("save runs measured", "second comment"),
    (("tool", "fio"), ("files", ["raw/fx100/save-1.json"]), ("system", "FX100"), ("gpus", 8), ("snapshot_gb", 0.5)),
)


def test_an_environment_table_and_imports_are_appended_after_the_users_text():
    text = updated(HEAD, [("FX100: fio", "fio-3.33")], [SAVE])
    assert text == (
        HEAD + '\n[environment]\n"FX100: fio" = "fio-3.33"\n'
        "\n# save runs measured\n# second comment\n[[import]]\n"
        'tool = "fio"\nfiles = ["raw/fx100/save-1.json"]\nsystem = "FX100"\ngpus = 8\nsnapshot_gb = 0.5\n'
    )


def test_lines_join_an_existing_environment_table_after_its_last_key():
    original = HEAD + '\n[environment]\nclients = "4 hosts"\n# a note\n\n[training]\nmodel = "m"\n'
    text = updated(original, [("FX100: kernel", "Linux 6.1")], [])
    assert '[environment]\nclients = "4 hosts"\n"FX100: kernel" = "Linux 6.1"\n# a note\n\n[training]' in text
    assert tomllib.loads(text)["environment"] == {"clients": "4 hosts", "FX100: kernel": "Linux 6.1"}
    # No final newline in the user's file: the additions still start on a line of their own.
    assert tomllib.loads(updated('title = "t"', [("a", "b")], [SAVE]))["import"][0]["gpus"] == 8


def test_hostile_text_round_trips():
    odd = 'quote " backslash \\ tab \t newline \n 全闪存 \u0001'
    text = updated(HEAD, [(odd, odd)], [])
    assert tomllib.loads(text)["environment"] == {odd: odd}
    assert toml_key("plain_key-1") == "plain_key-1" and toml_key("a b") == '"a b"'
    assert toml_value(65.59891456) == "65.59891456" and toml_value(1e-05) == "1e-05"
    for bad in (float("nan"), True, None):
        with pytest.raises(TypeError):
            toml_value(bad)


@pytest.mark.parametrize(
    "original",
    [
        'environment = { clients = "4 hosts" }\n' + HEAD,  # an inline table, which cannot take more keys
        'environment.clients = "4 hosts"\n' + HEAD,  # dotted keys: a second [environment] would redefine it
    ],
)
def test_an_environment_written_otherwise_is_refused_not_rewritten(original):
    with pytest.raises(Refused, match=r"write them as tables of their own, the list on one line; nothing was recorded"):
        updated(original, [("FX100: fio", "fio-3.33")], [])


def test_the_file_is_replaced_in_one_step_keeping_its_mode(tmp_path):
    path = tmp_path / "test.toml"
    path.write_text(HEAD)
    path.chmod(0o640)
    write_atomically(path, HEAD + "# more\n")
    assert path.read_text() == HEAD + "# more\n"
    assert path.stat().st_mode & 0o777 == 0o640
    assert os.listdir(tmp_path) == ["test.toml"]  # no temporary file left beside it


def test_line_endings_a_bom_and_a_symlink_are_kept(tmp_path):
    crlf = HEAD.replace("\n", "\r\n")
    text = updated(crlf, [("FX100: fio", "fio-3.33")], [SAVE])
    assert "\n" not in text.replace("\r\n", "")  # every added line ends as the user's do
    target = tmp_path / "real.toml"
    target.write_bytes(b"\xef\xbb\xbf" + crlf.encode())
    link = tmp_path / "test.toml"
    link.symlink_to(target)
    write_atomically(link, text, bom=True)
    assert link.is_symlink() and target.read_bytes() == b"\xef\xbb\xbf" + text.encode()


def test_a_not_durable_system_is_named_in_systems_once():
    text = updated(HEAD + '\n[training]\nmodel = "m"\n', [], [], "RAM disk")
    assert text == HEAD + 'not_durable = ["RAM disk"]\n\n[training]\nmodel = "m"\n'
    again = updated(text, [], [], "RAM disk")  # already named: nothing changes
    assert again == text
    both = updated(text, [], [], "FX100")
    assert 'not_durable = ["RAM disk", "FX100"]\n\n[training]' in both
    with pytest.raises(Refused, match="the list on one line"):
        updated(HEAD + 'not_durable = [\n  "RAM disk",\n]\n', [], [], "FX100")


def test_a_replaced_sessions_tables_and_lines_leave_with_their_comments_and_nothing_else_does():
    from report.measure.record import Removal

    first = updated(HEAD, [("FX100: fio", "fio-3.33"), ("site", "lab")], [SAVE, SAVE])
    first += '\n# the user\'s own table\n[[import]]\ntool = "fio"\nfiles = ["x.json"]\nsystem = "FX100"\n'
    for eol in ("\n", "\r\n"):
        original = first.replace("\n", eol)
        text = updated(original, [("FX100, session 2: fio", "fio-3.38")], [SAVE], removal=Removal(
            frozenset({0}), frozenset({"FX100: fio"})))  # fmt: skip
        data = tomllib.loads(text)
        assert data["environment"] == {"site": "lab", "FX100, session 2: fio": "fio-3.38"}
        assert [t["files"] for t in data["import"]] == [["raw/fx100/save-1.json"], ["x.json"], SAVE.as_dict()["files"]]
        assert text.count("# save runs measured") == 2 and "# the user's own table" in text  # one table's went
        assert "\n" not in text.replace("\r\n", "") if eol == "\r\n" else True
    # a table written inline cannot be taken out line by line: refused, not half-done
    inline = 'import = [{tool = "fio", files = ["x.json"], system = "FX100"}]\n' + HEAD
    with pytest.raises(Refused, match=r"cannot add the measurement to test\.toml"):
        updated(inline, [], [SAVE], removal=Removal(frozenset({0})))
