"""Signing a report (PAdES, pyHanko) and checking a report's signature.

The signature is an incremental update after the report's own bytes, so the signed file begins with exactly the
PDF a build gives (verify compares that part with its rebuild) and stays PDF/A-3b. It is reproducible: the signing
time is the test's date, the update's document ID is derived from the report's bytes, and an RSA PKCS#1 v1.5
signature depends on the key and the bytes alone.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import io
import logging
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported when signing only: the build of an unsigned report never loads cryptography
    from cryptography import x509
    from cryptography.hazmat.primitives.asymmetric import rsa
FIELD = "JointTestReportSignature"


class SigningError(Exception):
    """The key or certificate cannot sign (unreadable, not matching, not RSA); the message says why."""


@dataclass(frozen=True)
class SignatureCheck:
    """What a report's one signature says."""

    signer: str  #: the certificate's subject, as people read it
    fingerprint: str  #: SHA-256 of the signer's certificate (DER), colon-separated hex, as pdfsig and browsers show it
    intact: bool  #: the signed bytes are unchanged (their digest is the one the signature signs)
    by_certificate: bool = True  #: the signature was made by the key of the certificate it carries
    note: str | None = None  #: what a reader may object to that changes nothing here (the signing time, say)


class SignatureRefused(Exception):
    """The file's signatures are not exactly one that covers the whole file; the message names what was found."""


# A PEM key or certificate is a few kB; a file far larger is not one (and is not read whole).
MAX_PEM = 1 << 20
MIN_RSA_BITS = 2048  #: shorter RSA keys are no longer accepted for signatures (NIST SP 800-131A, since 2014)


@dataclass(frozen=True)
class Identity:
    """A signing key and its certificate, read and checked against each other (`load`): what `sign` signs with."""

    key: rsa.RSAPrivateKey
    cert: x509.Certificate
    key_path: Path
    cert_path: Path

    @property
    def validity(self) -> tuple[dt.datetime, dt.datetime]:
        """The certificate's validity, from notBefore to notAfter (UTC)."""
        return self.cert.not_valid_before_utc, self.cert.not_valid_after_utc


def load(key: Path, cert: Path) -> Identity:
    """The key and certificate in `key` and `cert` (PEM or DER, the key unencrypted, RSA), checked before anything is
    built or written: each file readable and what it should be, and the key the one the certificate was made for.

    Raises SigningError with one line naming the file and the problem. A key that does not match its certificate
    signed a PDF whose signature no reader accepts ("Signature is Invalid"), and the build exited 0 (issue 44).
    """
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa

    key_data, cert_data = _pem_file(key, "key"), _pem_file(cert, "certificate")
    if b"PRIVATE KEY" in cert_data and b"CERTIFICATE" in key_data:
        raise SigningError(
            f"{shown(key)} holds a certificate and {shown(cert)} a key: --sign takes the key, --cert the certificate"
        )
    try:
        private = (
            serialization.load_pem_private_key(key_data, password=None)
            if b"-----BEGIN" in key_data
            else serialization.load_der_private_key(key_data, password=None)
        )
    except TypeError:  # cryptography: a password is needed (or one was given for an unencrypted key)
        raise SigningError(
            f"{shown(key)}: the key is encrypted; give it unencrypted (openssl pkey -in KEY -out KEY.pem) in a file"
            " only you can read"
        ) from None
    except (ValueError, UnicodeError) as exc:
        if b"CERTIFICATE" in key_data:
            raise SigningError(f"{shown(key)}: is a certificate, not a private key (--sign takes the key)") from None
        raise SigningError(f"{shown(key)}: is not a private key in PEM or DER ({_first_line(exc)})") from None
    certificate = _certificate(cert, cert_data)
    for path, public in ((key, private.public_key()), (cert, certificate.public_key())):
        if not isinstance(public, rsa.RSAPublicKey):
            kind = type(public).__name__.removesuffix("PublicKey").removeprefix("_") or "another kind"
            what = "key" if path == key else "certificate's key"
            raise SigningError(
                f"{shown(path)}: the {what} is not RSA ({kind}); an RSA key and its certificate, in PEM, are needed to"
                " sign (an RSA signature depends on the key and the bytes alone, so the signed report is reproducible;"
                " ECDSA's are random)"
            )
        if public.key_size < MIN_RSA_BITS:
            raise SigningError(
                f"{shown(path)}: a {public.key_size}-bit RSA key; a signature needs {MIN_RSA_BITS} bits or more, as"
                " readers of signed documents expect (NIST SP 800-131A)"
            )
    assert isinstance(private, rsa.RSAPrivateKey), "the checks above refuse any other kind of key"
    if private.public_key().public_numbers() != certificate.public_key().public_numbers():
        raise SigningError(
            f"{shown(key)} is not the key of the certificate {shown(cert)} (its public part differs from the"
            f" certificate's, whose subject is {_subject_of(certificate)}): a signature by it would be invalid; give"
            " the key the certificate was made for"
        )
    return Identity(private, certificate, key, cert)


def _pem_file(path: Path, what: str) -> bytes:
    from report.inputs.safe_read import Unreadable, read_regular

    try:
        data = read_regular(path, MAX_PEM)
    except Unreadable as exc:
        raise SigningError(f"{shown(path)}: {exc}; the {what} is needed to sign") from None
    except OSError as exc:
        raise SigningError(f"{shown(path)}: {exc.strerror or exc}; the {what} is needed to sign") from None
    if not data.strip():
        raise SigningError(f"{shown(path)}: is empty; the {what} is needed to sign")
    return data


def _certificate(path: Path, data: bytes):
    from cryptography import x509

    try:
        if b"-----BEGIN" not in data:
            return x509.load_der_x509_certificate(data)
        found = x509.load_pem_x509_certificates(data)
    except ValueError as exc:
        if b"PRIVATE KEY" in data:
            raise SigningError(
                f"{shown(path)}: is a private key, not a certificate (--cert takes the certificate)"
            ) from None
        raise SigningError(f"{shown(path)}: is not a certificate in PEM or DER ({_first_line(exc)})") from None
    if len(found) != 1:
        raise SigningError(f"{shown(path)}: holds {len(found)} certificates; give the signer's own certificate alone")
    return found[0]


def _first_line(exc: Exception) -> str:
    text = str(exc).strip().splitlines()
    return (text[0] if text else type(exc).__name__)[:160]


def _subject_of(certificate) -> str:
    return certificate.subject.rfc4514_string()[:200] or "empty"


def shown(path: Path | str) -> str:
    """A path as a message prints it (report/problems.py: escaped where it holds a line break or control)."""
    from report.problems import shown_path

    return shown_path(path)


def sign(pdf: bytes, key: Path | Identity, cert: Path | None, signing_time: dt.datetime) -> bytes:
    """The PDF with a PAdES signature at `signing_time` by an Identity (`load`), or by the key (PEM, RSA,
    unencrypted) and certificate (PEM) in the files `key` and `cert`, loaded and checked first."""
    from asn1crypto import keys as asn1_keys
    from asn1crypto import x509 as asn1_x509
    from cryptography.hazmat.primitives import serialization
    from pyhanko.pdf_utils import generic
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
    from pyhanko.sign import fields, signers
    from pyhanko_certvalidator.registry import SimpleCertificateStore

    if isinstance(key, Identity):
        identity = key
    else:
        assert cert is not None, "a key file signs with its certificate file (--sign with --cert)"
        identity = load(key, cert)
    der = serialization.Encoding.DER
    signer = signers.SimpleSigner(
        signing_cert=asn1_x509.Certificate.load(identity.cert.public_bytes(der)),
        signing_key=asn1_keys.PrivateKeyInfo.load(
            identity.key.private_bytes(der, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
        ),
        cert_registry=SimpleCertificateStore(),
    )
    writer = IncrementalPdfFileWriter(io.BytesIO(pdf), strict=False)
    writer._meta = _metadata_at(signing_time)
    first_id = writer.prev.trailer["/ID"][0]
    derived = hashlib.sha256(pdf).digest()[:16]
    writer._document_id = generic.ArrayObject([first_id, generic.ByteStringObject(derived)])
    meta = signers.PdfSignatureMetadata(
        field_name=FIELD, subfilter=fields.SigSeedSubFilter.PADES, md_algorithm="sha256"
    )
    with _quiet_pyhanko():
        out = _signer_at(signing_time)(meta, signer).sign_pdf(writer)
    return out.getvalue()


def validity_note(identity: Identity, signing_time: dt.datetime) -> str | None:
    """A warning where the signing time (test.toml's date, midnight UTC) lies outside the certificate's validity: a
    reader that checks the certificate at the signing time rejects the signature (field test 4, C4)."""
    start, end = identity.validity
    if start <= signing_time <= end:
        return None
    when = "before the certificate's validity begins" if signing_time < start else "after the certificate expired"
    return (
        f"{shown(identity.cert_path)}: the signing time, test.toml's date at midnight UTC"
        f" ({signing_time:%Y-%m-%d %H:%M} UTC), is {when} ({start:%Y-%m-%d %H:%M} to {end:%Y-%m-%d %H:%M} UTC):"
        " a reader that checks the certificate at the signing time will reject the signature"
    )


def _metadata_at(signing_time: dt.datetime):
    """pyHanko's document metadata with the signing time as the modification date.

    pyHanko's writer sets the modification date to "now" just before writing it (the clock, in the machine's
    time zone) into the info dictionary and the XMP packet: two signatures a second apart, or in two time zones,
    would differ. Here "now" means the signing time.
    """
    from pyhanko.pdf_utils.metadata.model import DocumentMetadata

    class AtSigningTime(DocumentMetadata):
        def __setattr__(self, name: str, value: object) -> None:
            if name == "last_modified" and value == "now":
                value = signing_time
            super().__setattr__(name, value)

    return AtSigningTime()


def _signer_at(signing_time: dt.datetime):
    """pyHanko's PdfSigner with the signing time given rather than the clock's."""
    from pyhanko.sign import signers

    class FixedTime(signers.PdfSigner):
        def init_signing_session(self, pdf_out, existing_fields_only=False):
            session = super().init_signing_session(pdf_out, existing_fields_only)
            session.system_time = signing_time
            return session

    return FixedTime


def check(pdf: bytes) -> SignatureCheck | None:
    """The report's one signature checked against its bytes, or None when it carries none.

    Raises SignatureRefused for anything but exactly one signature covering the whole file: several signatures (a
    second one can vouch for an update that the first no longer covers), or one that leaves bytes out or has an
    update after it. pyHanko's own log (a traceback for a damaged update) is kept off standard error.
    """
    with _quiet_pyhanko():
        return _check(pdf)


def _check(pdf: bytes) -> SignatureCheck | None:
    from pyhanko.pdf_utils.reader import PdfFileReader
    from pyhanko.sign.validation import validate_pdf_signature
    from pyhanko_certvalidator import ValidationContext

    reader = PdfFileReader(io.BytesIO(pdf), strict=False)
    found = list(reader.embedded_signatures)
    if not found:
        return None
    if len(found) > 1:
        who = "; ".join(f"{_subject(s)} (field {s.field_name})" for s in found[:4])
        raise SignatureRefused(
            f"it carries {len(found)} signatures ({who}); a report carries exactly one, covering the whole file"
        )
    embedded = found[0]
    signer, fingerprint = _subject(embedded), _fingerprint(embedded)
    _refuse_partial(embedded, len(pdf), signer)
    # Integrity only: the signer's own certificate is its trust root here. Whether to trust that signer is for
    # the reader's trust store (Acrobat, pdfsig), which verify does not have.
    context = ValidationContext(trust_roots=[embedded.signer_cert], allow_fetching=False)
    status = validate_pdf_signature(embedded, context, skip_diff=True)
    return SignatureCheck(
        signer, fingerprint, bool(status.intact), bool(status.intact and status.valid), _time_note(embedded)
    )


def _time_note(embedded) -> str | None:
    """The signing time the signature states, where it lies outside its certificate's validity (field test 4, C4)."""
    try:
        when = embedded.self_reported_timestamp
        validity = embedded.signer_cert["tbs_certificate"]["validity"]
        start, end = validity["not_before"].native, validity["not_after"].native
    except Exception:  # no time stated, or a certificate that cannot be read: nothing to say
        return None
    if when is None or start <= when <= end:
        return None
    side = "before its certificate's validity begins" if when < start else "after its certificate expired"
    return (
        f"the signing time it states ({when:%Y-%m-%d %H:%M} UTC) is {side} ({start:%Y-%m-%d %H:%M} to"
        f" {end:%Y-%m-%d %H:%M} UTC): a reader that checks the certificate at the signing time rejects the signature"
    )


def _refuse_partial(embedded, size: int, signer: str) -> None:
    """Refuse a signature whose byte range is not [0, hole) + [hole end, end of file)."""
    byte_range = list(embedded.byte_range)
    if len(byte_range) != 4 or byte_range[0] != 0:
        raise SignatureRefused(f"the signature by {signer} does not cover the whole file (byte range {byte_range})")
    first_end, second_start, second_length = byte_range[1], byte_range[2], byte_range[3]
    hole = second_start - first_end  # the signature's own /Contents, and nothing else
    if not 0 < hole <= 1 << 20:
        raise SignatureRefused(f"the signature by {signer} leaves {hole:,} bytes out of what it covers")
    end = second_start + second_length
    if end < size:
        raise SignatureRefused(
            f"{size - end:,} bytes were added after the signature by {signer} (an update after it, which the"
            " signature does not cover)"
        )
    if end > size:
        raise SignatureRefused(f"the signature by {signer} claims {end:,} bytes; the file has {size:,}")


def _subject(embedded) -> str:
    try:
        return embedded.signer_cert.subject.human_friendly
    except Exception:  # a signature whose certificate cannot be read still gets named
        return f"an unreadable certificate (field {embedded.field_name})"


def _fingerprint(embedded) -> str:
    return ":".join(f"{b:02X}" for b in hashlib.sha256(embedded.signer_cert.dump()).digest())


@contextlib.contextmanager
def _quiet_pyhanko() -> Iterator[None]:
    """pyHanko logs tracebacks (logging.exception) for updates it cannot analyse; verify says what it found."""
    with quiet("pyhanko"):
        yield


@contextlib.contextmanager
def quiet(name: str) -> Iterator[None]:
    """A library's logger (`name`: "pyhanko", "pypdf") and its warnings kept off standard error: with no handler
    configured, Python's last-resort handler prints each record of WARNING or above there, before the command's own
    one line (issue 44, V8: ten lines of pypdf's "Ignoring wrong pointing object ..." before verify's refusal)."""
    import warnings

    logger = logging.getLogger(name)
    before, propagate = logger.level, logger.propagate
    logger.setLevel(logging.CRITICAL + 1)
    logger.propagate = False
    try:
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", module=rf"{name}(\.|$)")
            yield
    finally:
        logger.setLevel(before)
        logger.propagate = propagate
