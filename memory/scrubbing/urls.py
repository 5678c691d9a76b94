"""Credentials in URLs (``user:password@host``, query parameters, ``curl -u``) and Authorization headers.

Thirty-first round: a scheme-less ``authorization: X`` whose word before it names what a business
document authorises ("return authorization: RMA-55219-KX", "travel authorization", "prior
authorization", "preauthorization"), or whose value is a reference code (capital prefix, number,
short suffix), is that document's number, not an HTTP header's credential; with a scheme
("Authorization: Bearer …") it is always the header, and a random-looking value stays a candidate of
the high-entropy fallback."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from memory.scrubbing.keywords import _token_kind, _token_value_ok
from memory.scrubbing.kinds import _Span
from memory.scrubbing.measures import _has_digit


# Anchored at "://" (found with str.find) rather than at every letter that
# could start a scheme; quantifiers are bounded so a long run of "://" without
# "@" stays linear.
_URL_USERINFO_RE: Final = re.compile(
    # "#" may sit inside a pasted password ("smtp://u:Smtp#Alerts9@host"): the user part cannot hold
    # one, so a "#" between the user's colon and the "@" belongs to the password.
    r"(?P<user>[^\s:/?#@\[\]\"'<>]{0,128}):(?P<pw>[^\s/?\"'<>]{1,256})@[^\s/?#@\"'<>:]"
)
_SCHEME_CHARS: Final = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+.-"
)
_WEB_SCHEMES: Final = frozenset(
    {"http", "https", "ftp", "ftps", "sftp", "ws", "wss", "git", "ssh", "svn"}
)
_QUERY_CRED_RE: Final = re.compile(
    r"[?&;](?:[A-Za-z0-9]+[_\-])*"
    r"(?P<name>(?i:password|passwd|pwd|pass|secret|client_secret|token|access_token"
    r"|api_?key|apikey|sig|signature))"
    r"=(?P<v>[^&#\s\"'<>]{4,})"
)
_QUERY_NON_SECRETS: Final = frozenset({"true", "false", "null", "none", "yes", "undefined"})
# Stop 47 (sec47, k95-205): a signature or a token parameter whose value is a plain word is a word of the link
# ("?sig=gratis", "?token=demo"), not a signature: lower-case letters only (accents too), three to sixteen, a
# letter past "f" (not hex: "deadbeef", "cafe" stay), and read like a word — a third of them vowels or more,
# never four consonants in a row ("abcdefgh", "xkqzvbnm" stay). A generated signature or token is digits and
# mixed case. The machine holds no dictionary, so the word is known by its shape. A password parameter keeps
# a plain word ("?password=sunshine" is a weak password, still one).
_PLAIN_QUERY_WORD_RE: Final = re.compile(r"(?=[a-záéíóúñü]*[aeiouáéíóú])(?=[a-záéíóúñü]*[g-zñáéíóúü])[a-záéíóúñü]{3,16}")
_CURL_USER_RE: Final = re.compile(
    r"(?:^|\s)(?:-u|--user)\s+[\"']?[^\s:\"']+:(?P<v>[^\s\"']+)"
)


_CONSONANT_RUN_RE: Final = re.compile(r"[^aeiouáéíóúü]{4}")


def _plain_word(value: str) -> bool:
    """Is a query parameter's value read as a plain word (see above)?"""
    if _PLAIN_QUERY_WORD_RE.fullmatch(value) is None or _CONSONANT_RUN_RE.search(value) is not None:
        return False
    return 3 * sum(c in "aeiouáéíóúü" for c in value) >= len(value)


def _find_url_credentials(text: str, lower: str) -> Iterator[_Span]:
    """Password part of ``scheme://user:password@host`` and credential params.

    Only the password is replaced, so the host and database stay readable.
    detect-secrets' BasicAuthDetector is run too (via the token rules); this
    regex additionally accepts reserved characters such as ``@`` or ``!`` in
    the password, which people paste unencoded.
    """
    if "://" in text and "@" in text:
        pos = text.find("://")
        while pos != -1:
            m = _URL_USERINFO_RE.match(text, pos + 3)
            if m is not None:
                start = pos
                while start > 0 and pos - start < 32 and text[start - 1] in _SCHEME_CHARS:
                    start -= 1
                scheme = text[start:pos].lower()
                kind = "basic_auth" if scheme in _WEB_SCHEMES else "connection_string"
                yield m.start("pw"), m.end("pw"), kind
            pos = text.find("://", pos + 3)
    if "=" in text:
        for m in _QUERY_CRED_RE.finditer(text):
            if m.group("v").lower() in _QUERY_NON_SECRETS:
                continue
            name = m.group("name").lower()
            password = name.startswith("pass") or name == "pwd"
            if not password and _plain_word(m.group("v")):
                continue  # "?sig=gratis": a word of the link, no signature (see above)
            kind = "password" if password else _token_kind(name)
            yield m.start("v"), m.end("v"), kind
    if "-u" in text or "--user" in text:
        for m in _CURL_USER_RE.finditer(text):
            yield m.start("v"), m.end("v"), "basic_auth"


_AUTH_HEADER_RE: Final = re.compile(
    r"(?i:(?:proxy-)?authori[sz]ation)[\"']?\s*[:=]\s*[\"']?"
    r"(?:(?P<scheme>(?i:bearer|token|basic|digest|apikey|sso-key|otp))\s+)?"
    r"(?P<v>[A-Za-z0-9\-._~+/:=]{8,})"
)
_BEARER_RE: Final = re.compile(r"(?i:bearer)\s+(?P<v>[A-Za-z0-9\-._~+/]{20,}=*)")
# Thirty-first round: "authorization" that names a business document, not the HTTP header. A word
# right before it saying what is authorised — a return (an RMA), travel or entry (ESTA, eTA), a
# payment, card or transaction, a purchase or an order, a prior or pre-authorisation (health
# insurers, card holds), work, leave, treatment, a school trip — or a letter glued to it
# ("preauthorization", "reauthorization", "co-"/"sub-"; a camel-case hump such as "myAuthorization"
# is code and stays a header): the header's name stands alone ("Authorization:",
# "Proxy-Authorization:", '"Authorization":', "hdr[authorization]", "HTTP_AUTHORIZATION").
_DOCUMENT_QUALIFIER_RE: Final = re.compile(
    r"(?i:\b(?:returns?|rma|merchandise|travel|entry|esta|eta|visa|payments?|card|credit|debit|transaction|charge|refund"
    r"|purchase|order|prior|pre|work|employment|leave|absence|overtime|expense|treatment|medical|insurance"
    r"|procedure|referral|parental|school|trip|shipping|wire|transfer|release)[ \t\-]+$)")
_GLUED_PREFIX_RE: Final = re.compile(r"(?i:\b(?:pre|re|co|sub))$")
# A reference code, not a token: a prefix of capital letters, a number, at most one short capital
# suffix ("RMA-55219-KX", "PA-2024-118833", "AUTH-88213"): a document's number, which no scheme
# of RFC 9110 sends and which is too regular to be a generated credential.
_REFERENCE_CODE_RE: Final = re.compile(r"[A-Z]{2,5}-\d{3,10}(?:-\d{2,10})?(?:-[A-Z0-9]{1,4})?")


def _names_a_document(text: str, m: re.Match[str]) -> bool:
    """Is a scheme-less ``authorization: X`` a business document's number (see above)?"""
    start = m.start()
    if _GLUED_PREFIX_RE.search(text, max(0, start - 4), start) is not None:
        return True  # "preauthorization: …", "reauthorization: …"
    return (_DOCUMENT_QUALIFIER_RE.search(text, max(0, start - 24), start) is not None
            or _REFERENCE_CODE_RE.fullmatch(m.group("v")) is not None)


def _find_auth_headers(text: str, lower: str) -> Iterator[_Span]:
    """``Authorization: <scheme> <credentials>`` and bare ``Bearer <token>``."""
    if "authori" in lower:
        for m in _AUTH_HEADER_RE.finditer(text):
            scheme = (m.group("scheme") or "").lower()
            if not scheme and not _token_value_ok(m.group("v")):
                continue  # prose: "Authorization: required for all endpoints"
            if not scheme and _names_a_document(text, m):
                continue  # "return authorization: RMA-55219-KX": a document's number, not a header
            kind = "basic_auth" if scheme == "basic" else "bearer_token"
            yield m.start("v"), m.end("v"), kind
    if "bearer" in lower:
        for m in _BEARER_RE.finditer(text):
            if m.start() > 0 and text[m.start() - 1].isalnum():
                continue  # "xbearer ..." is not the Bearer scheme
            if _has_digit(m.group("v")):
                yield m.start("v"), m.end("v"), "bearer_token"
