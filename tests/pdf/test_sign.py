"""Signed reports: pdfsig and verify accept them, reproducibly; one changed byte fails both."""

import datetime as dt
import hashlib
import io
import subprocess

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa
from cryptography.x509.oid import NameOID
from pypdf import PdfReader

from report.cli import main
from report.pdf.sign import SigningError, check, sign
from report.verify.check import verify_bytes
from tests.conftest import ROOT

# verify's rebuilds of the default report's attachments, once in this process (tests/builds.py's Rebuilds).
pytestmark = pytest.mark.usefixtures("rebuilds_once")

WHEN = dt.datetime(2026, 11, 30, tzinfo=dt.UTC)


def make_identity(folder, key=None):
    """A key and a self-signed certificate for "Joint Test Lab", written as PEM files."""
    key = key or rsa.generate_private_key(public_exponent=65537, key_size=2048)
    name = x509.Name(
        [
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Example Storage"),
            x509.NameAttribute(NameOID.COMMON_NAME, "Joint Test Lab"),
        ]
    )
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(1)
        .not_valid_before(dt.datetime(2026, 1, 1))
        .not_valid_after(dt.datetime(2036, 1, 1))
        .sign(key, None if isinstance(key, ed25519.Ed25519PrivateKey) else hashes.SHA256())
    )
    key_path, cert_path = folder / "key.pem", folder / "cert.pem"
    key_path.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return key_path, cert_path


@pytest.fixture(autouse=True)
def built_here(monkeypatch):
    """verify runs as the generator that built the tests' reports (their fixed provenance)."""
    from report import provenance
    from tests.conftest import PROVENANCE

    monkeypatch.setattr(provenance, "collect", lambda: PROVENANCE)


def fingerprint(cert_path) -> str:
    """The certificate's SHA-256 over its DER bytes, as pdfsig and browsers show it."""
    der = x509.load_pem_x509_certificate(cert_path.read_bytes()).public_bytes(serialization.Encoding.DER)
    return ":".join(f"{b:02X}" for b in hashlib.sha256(der).digest())


@pytest.fixture(scope="module")
def identity(tmp_path_factory):
    return make_identity(tmp_path_factory.mktemp("identity"))


def pdfsig(pdf: bytes, tmp_path) -> str:
    path = tmp_path / "signed.pdf"
    path.write_bytes(pdf)
    return subprocess.run(["pdfsig", str(path)], capture_output=True, text=True, check=False).stdout


def test_a_signed_report_is_valid_for_pdfsig_and_verify_and_reproducible(default_built, identity, tmp_path):
    signed = sign(default_built.pdf, *identity, WHEN)
    assert signed == sign(default_built.pdf, *identity, WHEN)
    assert signed.startswith(default_built.pdf)
    catalog = PdfReader(io.BytesIO(signed)).trailer["/Root"]
    assert b'pdfaid:part="3"' in catalog["/Metadata"].get_data()  # the report's PDF/A-3 metadata, still the catalog's
    shown = pdfsig(signed, tmp_path)
    assert "Signer Certificate Common Name: Joint Test Lab" in shown
    assert "Signing Time: Nov 30 2026 00:00:00" in shown
    assert "Total document signed" in shown and "Signature Validation: Signature is Valid." in shown
    found = check(signed)
    assert (found.signer, found.fingerprint, found.intact) == (
        "Common Name: Joint Test Lab, Organization: Example Storage",
        fingerprint(identity[1]),
        True,
    )
    outcome = verify_bytes(signed)
    assert outcome.differences == []
    assert outcome.signature == (
        "signed by Common Name: Joint Test Lab, Organization: Example Storage, certificate SHA-256 "
        + fingerprint(identity[1])
    )


def test_one_changed_byte_after_signing_fails_pdfsig_and_verify(default_built, identity, tmp_path):
    signed = bytearray(sign(default_built.pdf, *identity, WHEN))
    at = signed.index(b"/Title") + 8  # a byte of the document information, inside the signed range
    signed[at] ^= 0x01
    assert "Signature Validation: Digest Mismatch." in pdfsig(bytes(signed), tmp_path)
    outcome = verify_bytes(bytes(signed))
    assert (
        "the signature by Common Name: Joint Test Lab, Organization: Example Storage does not match the bytes: changed after signing"
        in outcome.differences
    )
    # its first line does not read like an endorsement (field test 8, minor 12: "signed by …" before "does NOT match")
    assert outcome.signature == (
        "NOT as signed: a signature by Common Name: Joint Test Lab, Organization: Example Storage, certificate SHA-256 "
        f"{fingerprint(identity[1])}, does not cover these bytes"
    )


def test_only_rsa_keys_sign(default_built, tmp_path):
    key, cert = make_identity(tmp_path, ec.generate_private_key(ec.SECP256R1()))  # ECDSA would not be reproducible
    with pytest.raises(SigningError, match="an RSA key and its certificate"):
        sign(default_built.pdf, key, cert, WHEN)


def test_sign_needs_both_key_and_certificate(identity, capsys):
    from tests.conftest import DATA

    assert main(["build", str(DATA), "--out", "unused", "--sign", str(identity[0])]) == 2
    assert capsys.readouterr().err == "--sign KEY.pem and --cert CERT.pem go together\n"


@pytest.mark.slow
def test_build_sign_writes_a_signed_report_that_verifies(identity, tmp_path, capsys, monkeypatch):
    from tests.conftest import DATA

    monkeypatch.undo()  # the build's worker process records this generator: verify as this generator

    out = tmp_path / "out"
    assert main(["build", str(DATA), "--out", str(out), "--sign", str(identity[0]), "--cert", str(identity[1])]) == 0
    assert main(["verify", str(out / "report.pdf")]) == 0
    said = capsys.readouterr().err.splitlines()
    assert said[-2] == (
        f"{out / 'report.pdf'}: signed by Common Name: Joint Test Lab, Organization: Example Storage, certificate"
        f" SHA-256 {fingerprint(identity[1])}"
    )
    assert "Signature is Valid." in pdfsig((out / "report.pdf").read_bytes(), tmp_path)


def test_the_signature_does_not_depend_on_the_clock_or_the_time_zone(default_built, identity, tmp_path):
    """pyHanko stamps "now" (in the machine's zone) as the modification date; the signing time stands in for it."""
    import sys

    here = sign(default_built.pdf, *identity, WHEN)
    (tmp_path / "in.pdf").write_bytes(default_built.pdf)
    script = (
        "import sys, time, datetime as dt; from pathlib import Path; from report.pdf.sign import sign; time.sleep(1.1);"
        " pdf = Path(sys.argv[1]).read_bytes(); when = dt.datetime(2026, 11, 30, tzinfo=dt.UTC);"
        " Path(sys.argv[2]).write_bytes(sign(pdf, Path(sys.argv[3]), Path(sys.argv[4]), when))"
    )
    paths = [str(tmp_path / "in.pdf"), str(tmp_path / "out.pdf"), *map(str, identity)]
    env = {"TZ": "Asia/Shanghai", "PATH": "/usr/bin:/bin"}
    subprocess.run([sys.executable, "-c", script, *paths], cwd=ROOT, env=env, check=True)
    assert (tmp_path / "out.pdf").read_bytes() == here


def edited_update(pdf: bytes) -> bytes:
    """An incremental update that draws over page 1 (a forger's edit after the signature)."""
    from pyhanko.pdf_utils import generic
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter

    writer = IncrementalPdfFileWriter(io.BytesIO(pdf), strict=False)
    stream = writer.add_object(generic.StreamObject(stream_data=b"1 1 1 rg 40 600 500 120 re f"))
    writer.add_stream_to_page(0, stream)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def refused_by_verify(pdf: bytes, tmp_path, capsys) -> list[str]:
    path = tmp_path / "forged.pdf"
    path.write_bytes(pdf)
    assert main(["verify", str(path)]) == 1
    return capsys.readouterr().err.splitlines()


def test_a_second_signature_over_an_edited_update_is_refused_and_pdfsig_agrees(
    default_built, identity, tmp_path, capsys, monkeypatch
):
    from report.pdf import sign as signing

    genuine = sign(default_built.pdf, *identity, WHEN)
    impostor = make_identity(tmp_path)  # another key, the same subject: "Joint Test Lab, Example Storage"
    monkeypatch.setattr(signing, "FIELD", "Signature2")
    forged = sign(edited_update(genuine), *impostor, WHEN)
    said = refused_by_verify(forged, tmp_path, capsys)
    subject = "Common Name: Joint Test Lab, Organization: Example Storage"
    assert said == [
        f"{tmp_path / 'forged.pdf'}: refused, not verified: it carries 2 signatures ({subject} (field"
        f" JointTestReportSignature); {subject} (field Signature2)); a report carries exactly one, covering the whole"
        " file"
    ]
    shown = pdfsig(forged, tmp_path)
    assert shown.count("Signature Validation: Signature is Valid.") == 2
    assert "Not total document signed" in shown.split("Signature #2")[0]  # the genuine one no longer covers it


def test_an_unsigned_update_after_the_signature_is_one_line_and_pdfsig_agrees(
    default_built, identity, tmp_path, capsys
):
    genuine = sign(default_built.pdf, *identity, WHEN)
    forged = edited_update(genuine)
    said = refused_by_verify(forged, tmp_path, capsys)
    added = len(forged) - len(genuine)
    assert said == [
        f"{tmp_path / 'forged.pdf'}: refused, not verified: {added:,} bytes were added after the signature by Common"
        " Name: Joint Test Lab, Organization: Example Storage (an update after it, which the signature does not"
        " cover)"
    ]
    assert "Not total document signed" in pdfsig(forged, tmp_path)


def test_an_unsigned_report_says_so(default_built, tmp_path, capsys):
    path = tmp_path / "report.pdf"
    path.write_bytes(default_built.pdf)
    assert main(["verify", str(path)]) == 0
    assert capsys.readouterr().err.splitlines() == [
        f"{path}: not signed",
        f"{path}: verified: every figure matches a rebuild from the attached inputs, and so does every page",
    ]


def test_a_key_of_another_certificate_is_refused_before_anything_is_written(identity, tmp_path, capsys):
    """Field test 4: a key that did not match the certificate exited 0 with a PDF whose signature was invalid."""
    from tests.conftest import DATA

    other_key, _ = make_identity(tmp_path)
    out = tmp_path / "out"
    assert main(["build", str(DATA), "--out", str(out), "--sign", str(other_key), "--cert", str(identity[1])]) == 3
    assert capsys.readouterr().err.splitlines() == [
        f"{other_key} is not the key of the certificate {identity[1]} (its public part differs from the certificate's,"
        " whose subject is CN=Joint Test Lab,O=Example Storage): a signature by it would be invalid; give the key the"
        " certificate was made for; nothing was written"
    ]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cert.pem", "key.pem"]  # no OUT, no lock beside it


def _written(folder, name: str, data: bytes):
    path = folder / name
    path.write_bytes(data)
    return path


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (lambda d, k, c: (d / "missing.pem", c), "{key}: does not exist; the key is needed to sign"),
        (lambda d, k, c: (d, c), "{key}: is a folder, not a file; the key is needed to sign"),
        (lambda d, k, c: (_written(d, "empty.pem", b""), c), "{key}: is empty; the key is needed to sign"),
        (
            lambda d, k, c: (c, k),
            "{key} holds a certificate and {cert} a key: --sign takes the key, --cert the certificate",
        ),
        (lambda d, k, c: (k, k), "{cert}: is a private key, not a certificate (--cert takes the certificate)"),
        (lambda d, k, c: (c, c), "{key}: is a certificate, not a private key (--sign takes the key)"),
        (
            lambda d, k, c: (k, _written(d, "two.pem", c.read_bytes() * 2)),
            "{cert}: holds 2 certificates; give the signer's own certificate alone",
        ),
        (
            lambda d, k, c: (_written(d, "junk.pem", b"-----BEGIN PRIVATE KEY-----\nnot base64\n"), c),
            "{key}: is not a private key in PEM or DER (",
        ),
        (
            lambda d, k, c: (_written(d, "enc.pem", _encrypted(k)), c),
            "{key}: the key is encrypted; give it unencrypted (openssl pkey -in KEY -out KEY.pem) in a file only you"
            " can read",
        ),
    ],
)
def test_signing_files_that_cannot_sign_are_one_line_naming_the_file(identity, tmp_path, capsys, make, said):
    """Field test 4, C3: a wrong key path printed pyHanko's traceback, then a line that named neither file alone."""
    from tests.conftest import DATA

    key, cert = make(tmp_path, *identity)
    out = tmp_path / "out"
    assert main(["build", str(DATA), "--out", str(out), "--sign", str(key), "--cert", str(cert)]) == 3
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith(said.format(key=key, cert=cert)) and line.endswith("; nothing was written")
    assert not out.exists() and not (tmp_path / ".out.lock").exists()


def _encrypted(key_path) -> bytes:
    key = serialization.load_pem_private_key(key_path.read_bytes(), password=None)
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.BestAvailableEncryption(b"secret"),
    )


def test_a_signature_by_another_key_is_said_to_be_so_not_a_change_after_signing(default_built, identity, tmp_path):
    """What verify says of a report signed (by an older generator) with a key that was not the certificate's."""
    from report.pdf.sign import Identity, load

    genuine = load(*identity)
    other = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    forged = sign(default_built.pdf, Identity(other, genuine.cert, *identity), None, WHEN)
    assert "Signature Validation: Signature is Invalid." in pdfsig(forged, tmp_path)
    found = check(forged)
    assert (found.intact, found.by_certificate) == (True, False)
    assert verify_bytes(forged).differences == [
        "the signature by Common Name: Joint Test Lab, Organization: Example Storage does not verify with its own"
        " certificate, though the bytes it covers are unchanged: it was made with another key (or its value was"
        " altered), and every reader finds it invalid"
    ]


def test_a_signing_time_outside_the_certificate_is_warned_of(identity):
    """Field test 4, C4: the signing time (the test's date, midnight UTC) predated the certificate; nobody said."""
    from report.pdf.sign import load, validity_note

    loaded = load(*identity)
    assert validity_note(loaded, WHEN) is None
    early = validity_note(loaded, dt.datetime(2025, 12, 31, tzinfo=dt.UTC))
    assert early == (
        f"{identity[1]}: the signing time, test.toml's date at midnight UTC (2025-12-31 00:00 UTC), is before the"
        " certificate's validity begins (2026-01-01 00:00 to 2036-01-01 00:00 UTC): a reader that checks the"
        " certificate at the signing time will reject the signature"
    )


def test_a_short_rsa_key_or_another_kind_is_refused_by_name(tmp_path):
    """attacks-5: a 1024-bit RSA key signed; an Ed25519 key was refused as "ECDSA"."""
    from report.pdf.sign import load

    weak = make_identity(tmp_path, rsa.generate_private_key(public_exponent=65537, key_size=1024))
    with pytest.raises(SigningError) as refused:
        load(*weak)
    assert str(refused.value) == (
        f"{weak[0]}: a 1024-bit RSA key; a signature needs 2048 bits or more, as readers of signed documents expect"
        " (NIST SP 800-131A)"
    )
    edwards = make_identity(tmp_path, ed25519.Ed25519PrivateKey.generate())
    with pytest.raises(SigningError, match=r"the key is not RSA \(Ed25519\); an RSA key and its certificate"):
        load(*edwards)


def test_verify_notes_a_signing_time_outside_the_certificate(default_built, identity):
    """attacks-5 V4: a report signed at a time its certificate did not cover verified without a word."""
    assert check(sign(default_built.pdf, *identity, WHEN)).note is None
    early = sign(default_built.pdf, *identity, dt.datetime(2025, 12, 31, tzinfo=dt.UTC))
    note = (
        "the signing time it states (2025-12-31 00:00 UTC) is before its certificate's validity begins (2026-01-01"
        " 00:00 to 2036-01-01 00:00 UTC): a reader that checks the certificate at the signing time rejects the"
        " signature"
    )
    assert check(early).note == note
    assert note in verify_bytes(early).notes
