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

FIELD = "JointTestReportSignature"


class SigningError(Exception):
    """The key or certificate cannot sign (unreadable, not matching, not RSA); the message says why."""


@dataclass(frozen=True)
class SignatureCheck:
    """What a report's one signature says."""

    signer: str  #: the certificate's subject, as people read it
    fingerprint: str  #: SHA-256 of the signer's certificate (DER), colon-separated hex, as pdfsig and browsers show it
    intact: bool  #: the signed bytes are unchanged and the signature matches them


class SignatureRefused(Exception):
    """The file's signatures are not exactly one that covers the whole file; the message names what was found."""


def sign(pdf: bytes, key: Path, cert: Path, signing_time: dt.datetime) -> bytes:
    """The PDF with a PAdES signature by `key` (PEM, RSA, unencrypted) and `cert` (PEM) at `signing_time`."""
    from pyhanko.pdf_utils import generic
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
    from pyhanko.sign import fields, signers

    try:
        signer = signers.SimpleSigner.load(str(key), str(cert), key_passphrase=None)
    except Exception as exc:  # pyHanko reports an unreadable key in several ways
        raise SigningError(f"{key} and {cert} cannot sign: {exc}") from exc
    if signer is None or signer.signing_cert.public_key.algorithm != "rsa":
        raise SigningError(f"{key} and {cert}: an RSA key and its certificate, in PEM, are needed to sign")
    writer = IncrementalPdfFileWriter(io.BytesIO(pdf), strict=False)
    writer._meta = _metadata_at(signing_time)
    first_id = writer.prev.trailer["/ID"][0]
    derived = hashlib.sha256(pdf).digest()[:16]
    writer._document_id = generic.ArrayObject([first_id, generic.ByteStringObject(derived)])
    meta = signers.PdfSignatureMetadata(
        field_name=FIELD, subfilter=fields.SigSeedSubFilter.PADES, md_algorithm="sha256"
    )
    out = _signer_at(signing_time)(meta, signer).sign_pdf(writer)
    return out.getvalue()


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
    return SignatureCheck(signer, fingerprint, bool(status.intact and status.valid))


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
    logger = logging.getLogger("pyhanko")
    before, propagate = logger.level, logger.propagate
    logger.setLevel(logging.CRITICAL + 1)
    logger.propagate = False
    try:
        yield
    finally:
        logger.setLevel(before)
        logger.propagate = propagate
