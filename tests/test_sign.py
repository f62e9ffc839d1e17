"""Signed reports: pdfsig and verify accept them, reproducibly; one changed byte fails both."""

import datetime as dt
import io
import subprocess

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.x509.oid import NameOID
from pypdf import PdfReader

from report.cli import main
from report.sign import SigningError, check, sign
from report.verify import verify_bytes
from tests.conftest import ROOT

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
        .sign(key, hashes.SHA256())
    )
    key_path, cert_path = folder / "key.pem", folder / "cert.pem"
    key_path.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return key_path, cert_path


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
    assert (found.signer, found.intact, found.whole_file) == (
        "Common Name: Joint Test Lab, Organization: Example Storage",
        True,
        True,
    )
    outcome = verify_bytes(signed)
    assert outcome.differences == []
    assert any(
        note.startswith("signed by Common Name: Joint Test Lab, Organization: Example Storage")
        for note in outcome.notes
    )


def test_one_changed_byte_after_signing_fails_pdfsig_and_verify(default_built, identity, tmp_path):
    signed = bytearray(sign(default_built.pdf, *identity, WHEN))
    at = signed.index(b"/Title") + 8  # a byte of the document information, inside the signed range
    signed[at] ^= 0x01
    assert "Signature Validation: Digest Mismatch." in pdfsig(bytes(signed), tmp_path)
    found = verify_bytes(bytes(signed)).differences
    assert (
        "the signature by Common Name: Joint Test Lab, Organization: Example Storage does not match the bytes: changed after signing"
        in found
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
def test_build_sign_writes_a_signed_report_that_verifies(identity, tmp_path, capsys):
    from tests.conftest import DATA

    out = tmp_path / "out"
    assert main(["build", str(DATA), "--out", str(out), "--sign", str(identity[0]), "--cert", str(identity[1])]) == 0
    assert main(["verify", str(out / "report.pdf")]) == 0
    assert "signed by Common Name: Joint Test Lab" in capsys.readouterr().err
    assert "Signature is Valid." in pdfsig((out / "report.pdf").read_bytes(), tmp_path)


def test_the_signature_does_not_depend_on_the_clock_or_the_time_zone(default_built, identity, tmp_path):
    """pyHanko stamps "now" (in the machine's zone) as the modification date; the signing time stands in for it."""
    import sys

    here = sign(default_built.pdf, *identity, WHEN)
    (tmp_path / "in.pdf").write_bytes(default_built.pdf)
    script = (
        "import sys, time, datetime as dt; from pathlib import Path; from report.sign import sign; time.sleep(1.1);"
        " pdf = Path(sys.argv[1]).read_bytes(); when = dt.datetime(2026, 11, 30, tzinfo=dt.UTC);"
        " Path(sys.argv[2]).write_bytes(sign(pdf, Path(sys.argv[3]), Path(sys.argv[4]), when))"
    )
    paths = [str(tmp_path / "in.pdf"), str(tmp_path / "out.pdf"), *map(str, identity)]
    env = {"TZ": "Asia/Shanghai", "PATH": "/usr/bin:/bin"}
    subprocess.run([sys.executable, "-c", script, *paths], cwd=ROOT, env=env, check=True)
    assert (tmp_path / "out.pdf").read_bytes() == here
