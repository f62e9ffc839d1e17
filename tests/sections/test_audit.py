"""The consistency audit: fio's byte counts rule out a larger write."""

from tests.conftest import DATA, ROOT
from tests.sections.helpers import build, section, texts


def test_saves_measured_by_fio_have_their_bytes_counted_so_the_audit_rules_out_a_larger_write():
    ctx, _ = build(ROOT / "examples" / "fio-local")  # every save row from fio's JSON, io_bytes = the snapshot
    audit = " ".join(texts(section(ctx, "audit").blocks))
    assert "fio counted the bytes each save wrote, and they match the stated checkpoint" in audit
    assert "Two explanations fit these figures equally well" not in audit
    assert "Record the bytes each save actually writes" not in " ".join(texts(section(ctx, "gates").blocks))
    ctx, _ = build(DATA)  # typed-in save times: the bytes are unknown, and the report asks for them
    assert "Two explanations fit these figures equally well" in " ".join(texts(section(ctx, "audit").blocks))
    assert "Record the bytes each save actually writes" in " ".join(texts(section(ctx, "gates").blocks))
