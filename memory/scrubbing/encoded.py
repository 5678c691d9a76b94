"""Encoded content that looks random but is no credential (issue 15, thirteenth round).

The high-entropy fallback takes any long random-looking base64 token; these are kept:

* the body of an RFC 2397 ``data:<mime>;base64,`` URI (an inline image, icon or font);
* base64 whose decoding (standard or URL-safe) is
  - a sentence: printable UTF-8 in words, five or more, or three with sentence punctuation, nine in
    ten characters letters, spaces or punctuation (a message someone encoded, a mail part — a key or
    a Basic ``user:password`` pair has no spaces);
  - a file: it starts with a documented file signature ("magic number": ``%PDF-``, PNG, JPEG, GIF,
    ZIP/Office, ICO, RIFF/WebP, WOFF/WOFF2, gzip, SVG/XML) — an attachment pasted inline.
    Thirty-first round: the signature is read on the decoded *prefix* (the first 48 characters, cut
    to whole base64 quanta), so an attachment the writer cut short ("JVBERi0xLjQKJcfs…", "recortado")
    is a file too, whatever its length; each signature is the whole magic number its format
    specifies, four fixed bytes or more (PNG's eight, JPEG's SOI and a marker, gzip's ID and its one
    method, RIFF's form type at offset 8, ISO BMFF's ``ftyp``…), so a random key opens with one about
    once in 2^32; and a secret label right before the token (``password:``, ``token =``, ``clave:``,
    "secret") wins over the shape: the writer says it is the credential, and it stays redacted;
  - a JSON object of plain preferences: no key names a secret and every string value is short or
    has spaces (``eyJ0aGVtZSI6…`` is ``{"theme": "dark"}``; a lone JWT segment is unsigned claims);
* a DER public key (SubjectPublicKeyInfo, the ``-----BEGIN PUBLIC KEY-----`` body, also a DKIM
  record's ``p=``): RSA and EC/Ed25519 headers, recognised by their fixed base64 prefix; a private
  key's PKCS#8 header differs and is not matched; an X.509 certificate's DER body;
* a DER ECDSA signature (twenty-fifth round; X9.62/RFC 3279 ``ECDSA-Sig-Value``, SEQUENCE of the two
  INTEGERs r and s, as PDF, WebAuthn, cosign and AWS KMS print them: ``MEUCIQ…``, ``MEQCI…``), recognised
  by its header — a signature is published with what it signs, it grants nothing;
* a public member of a JSON Web Key (RFC 7517/7518: ``"n"``, ``"e"``, ``"x"``, ``"y"``) in a text
  that carries no private member (``"d"``, ``"p"``, ``"q"``, ``"dp"``, ``"dq"``, ``"qi"``, ``"k"``).
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from typing import Final

_DATA_URI_RE: Final = re.compile(r"(?i:data:[a-z]+/[\w.+\-]+(?:;[\w\-]+=[\w.\-]+)*;base64,)$")
_SENTENCE_PUNCT: Final = frozenset(".,;!?¡¿:")
# Thirty-first round: whole magic numbers (each format's specification or the file(1) magic
# database), checked on the decoded prefix: PDF ("%PDF-" and a version), PNG's eight bytes, JPEG's
# SOI and the first segment's marker, GIF87a/89a, ZIP local header (docx/xlsx/odt/jar), OLE2 compound
# file (doc/xls/msg), ICO, RIFF with its form type (WebP, WAVE, AVI), WOFF/WOFF2, gzip (ID and the
# deflate method, the only one defined), bzip2, xz, 7z, RAR, TIFF, ISO BMFF ("ftyp" at offset 4:
# MP4, MOV, HEIC, AVIF), Ogg, FLAC, MP3's ID3 tag, SVG and XML.
_FILE_SIGNATURE_RE: Final = re.compile(
    rb"%PDF-[12]\.\d|\x89PNG\r\n\x1a\n|\xff\xd8\xff[\xc0-\xfe]|GIF8[79]a|PK\x03\x04"
    rb"|\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1|\x00\x00\x01\x00[\x01-\x20]\x00|RIFF.{4}(?:WEBP|WAVE|AVI )|wOFF|wOF2"
    rb"|\x1f\x8b\x08|BZh[1-9]1AY&SY|\xfd7zXZ\x00|7z\xbc\xaf\x27\x1c|Rar!\x1a\x07|II\*\x00|MM\x00\*"
    rb"|.{4}ftyp[a-zA-Z0-9 ]{4}|OggS\x00|fLaC|ID3[\x02-\x04]\x00|<svg[\s>]|<\?xml[\s?]",
    re.DOTALL)
# The label right before the token names a credential (the clause's last 40 characters).
_SECRET_LABEL_BEFORE_RE: Final = re.compile(
    r"(?i:\b(?:pass|passwd|password|passphrase|passcode|pwd|contrase(?:ñ|n)as?|claves?|keys?|secrets?|secreto"
    r"|tokens?|api[ _\-]?keys?|credentials?|credenciales?|pin)\b[^.;\n]{0,24}$)")
_SPKI_PREFIXES: Final = ("MIIBIjANBgkqhkiG9w0BAQEFAAOC", "MIICIjANBgkqhkiG9w0BAQEFAAOC", "MIGfMA0GCSqGSIb3DQEBAQUAA4GN",
                         "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE", "MHYwEAYHKoZIzj0CAQYFK4EEACIDYgAE", "MCowBQYDK2VwAyEA")
# An X.509 v3 certificate's DER (SEQUENCE, SEQUENCE, [0] version 2): a certificate body without its
# PEM header ("MIIDdzCCAl+gAwIBAgI…").
_CERTIFICATE_RE: Final = re.compile(r"MII[A-Za-z0-9+/]{3}CC[A-Za-z0-9+/]{3}gAwIBAgI")
# SEQUENCE of 68-70 (P-256) or 100-102 (P-384) bytes, then INTEGER r of 32/33 or 48/49 bytes.
_ECDSA_SEQUENCE_LENGTHS: Final = {0x44: (0x20, 0x21), 0x45: (0x20, 0x21), 0x46: (0x20, 0x21),
                                  0x64: (0x30, 0x31), 0x65: (0x30, 0x31), 0x66: (0x30, 0x31)}
_JWK_PUBLIC_RE: Final = re.compile(r"\"(?:n|e|x|y)\"[ \t]*:[ \t]*\"$")
_JWK_PRIVATE_RE: Final = re.compile(r"\"(?:d|p|q|dp|dq|qi|k)\"[ \t]*:")
_SECRET_KEY_RE: Final = re.compile(r"(?i:secret|token|pass|pwd|key|auth|credential|contrase|clave|session|sig)")


def _decode(core: str) -> bytes | None:
    padded = core + "=" * (-len(core) % 4)
    try:
        return base64.b64decode(padded, altchars=b"-_" if ("-" in core or "_" in core) else None, validate=True)
    except (binascii.Error, ValueError):
        return None


def _ecdsa_signature(core: str) -> bool:
    """Does the base64 token open with a DER ECDSA signature's header (module docstring)?"""
    if len(core) < 40 or not core.startswith("M"):
        return False
    head = _decode(core[:8])
    return (head is not None and head[0] == 0x30 and head[2] == 0x02
            and head[3] in _ECDSA_SEQUENCE_LENGTHS.get(head[1], ()))


def _is_sentence(decoded: str) -> bool:
    words = decoded.split()
    if len(words) < 3 or (len(words) < 5 and not any(c in _SENTENCE_PUNCT for c in decoded)):
        return False
    plain = sum(c.isalpha() or c.isspace() or c in _SENTENCE_PUNCT or c in "'\"-()" for c in decoded)
    return plain >= 0.9 * len(decoded)


def _plain_json(decoded: str) -> bool:
    if not decoded.startswith("{"):
        return False
    try:
        data = json.loads(decoded)
    except ValueError:
        return False
    if not isinstance(data, dict) or not data:
        return False
    for key, value in data.items():
        if _SECRET_KEY_RE.search(str(key)):
            return False
        if isinstance(value, (dict, list)) or (isinstance(value, str) and len(value) > 16 and " " not in value):
            return False
    return True


def _decodes_to_content(core: str) -> bool:
    """Does the token decode to a sentence, a file or a plain JSON object (module docstring)?"""
    if len(core) < 16:
        return False
    raw = _decode(core)
    if raw is None:
        return False
    try:
        decoded = raw.decode("utf-8")
    except ValueError:
        return False
    return decoded.isprintable() and (_is_sentence(decoded) or _plain_json(decoded) or _plain_link(decoded))


# Thirty-eighth round: base64 of a plain link (a QR code's or a redirect's payload, "aHR0cHM6Ly9…") is
# encoded content, when the link carries no credential: no user or password before its host and no
# query parameter named like a secret (token, key, secret, signature, password, auth, code, session).
_LINK_RE: Final = re.compile(r"https?://[\w.\-]+(?::\d{1,5})?(?:[/?#][^\s@]*)?")
_SECRET_PARAM_RE: Final = re.compile(r"(?i:[?&;](?:[\w\-]*(?:token|key|secret|sig|signature|pass|pwd|auth|code|session"
                                     r"|cred)[\w\-]*)=)")


def _plain_link(decoded: str) -> bool:
    return _LINK_RE.fullmatch(decoded) is not None and _SECRET_PARAM_RE.search(decoded) is None


def decodes_to_text(core: str) -> bool:
    """Thirty-second round: does the token decode, as base64, to printable ASCII only (a file's or an
    asset's name, an identifier: "bG9nb19hY21lX2Rhcmsuc3Zn" is "logo_acme_dark.svg")? Encoded text,
    not a key: the 12+ bytes of a random key are all printable about once in (256/95)^12, 1 in 150,000.
    Read by the high-entropy finder where its lower limit for letters-and-digits tokens applies."""
    raw = _decode(core) if len(core) >= 16 else None
    return raw is not None and all(32 <= b < 127 for b in raw)


def encoded_content(text: str, start: int, core: str) -> bool:
    """Is the base64 token ``core`` at ``start`` in ``text`` encoded content (module docstring)?"""
    if text.endswith(",", 0, start) and _DATA_URI_RE.search(text, max(0, start - 80), start) is not None:
        return True
    if core.startswith(_SPKI_PREFIXES) or _CERTIFICATE_RE.match(core) or _ecdsa_signature(core):
        return True
    if _JWK_PUBLIC_RE.search(text, max(0, start - 12), start) and _JWK_PRIVATE_RE.search(text) is None:
        return True
    return _opens_a_file(text, start, core) or _decodes_to_content(core)


def _opens_a_file(text: str, start: int, core: str) -> bool:
    """Does the token's decoded prefix open with a file's magic number, with no secret label right
    before it (module docstring)? Only the first 48 characters are decoded, cut to whole quanta."""
    if len(core) < 16:
        return False
    head = _decode(core[:min(48, len(core) - len(core) % 4)])
    if head is None or _FILE_SIGNATURE_RE.match(head) is None:
        return False
    return _SECRET_LABEL_BEFORE_RE.search(text, max(0, start - 40), start) is None
