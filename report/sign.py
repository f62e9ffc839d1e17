"""Signing a report (PAdES, pyHanko) and checking a report's signature.

The signature is an incremental update after the report's own bytes, so the signed file begins with exactly the
PDF a build gives (verify compares that part with its rebuild) and stays PDF/A-3b. It is reproducible: the signing
time is the test's date, the update's document ID is derived from the report's bytes, and an RSA PKCS#1 v1.5
signature depends on the key and the bytes alone.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import io
from dataclasses import dataclass
from pathlib import Path

FIELD = "JointTestReportSignature"


class SigningError(Exception):
    """The key or certificate cannot sign (unreadable, not matching, not RSA); the message says why."""


@dataclass(frozen=True)
class SignatureCheck:
    """What a report's signature says."""

    signer: str  #: the certificate's subject, as people read it
    intact: bool  #: the signed bytes are unchanged and the signature matches them
    whole_file: bool  #: the signature covers the whole file (nothing was added after it)


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
    """The report's signature checked against its bytes, or None when it carries none."""
    from pyhanko.pdf_utils.reader import PdfFileReader
    from pyhanko.sign.validation import validate_pdf_signature
    from pyhanko.sign.validation.status import SignatureCoverageLevel
    from pyhanko_certvalidator import ValidationContext

    reader = PdfFileReader(io.BytesIO(pdf), strict=False)
    if not reader.embedded_signatures:
        return None
    embedded = reader.embedded_signatures[-1]
    # Integrity only: the signer's own certificate is its trust root here. Whether to trust that signer is for
    # the reader's trust store (Acrobat, pdfsig), which verify does not have.
    context = ValidationContext(trust_roots=[embedded.signer_cert], allow_fetching=False)
    status = validate_pdf_signature(embedded, context, skip_diff=False)
    start, length = embedded.byte_range[2], embedded.byte_range[3]
    whole = status.coverage == SignatureCoverageLevel.ENTIRE_FILE and start + length == len(pdf)
    subject = embedded.signer_cert.subject.human_friendly
    return SignatureCheck(subject, bool(status.intact and status.valid), whole)
