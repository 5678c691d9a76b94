"""Thirty-fifth secrets round: values that are public or fake whatever finder took them (driver filters),
and a keyword's value reached across a quotation's or a sentence's end (read by ``keywords``). The
thirty-eighth round added three filters, commented where they are defined.

Each class is written once, for the family, not for the string that showed it (docs/privacy.md, "The
thirty-fifth secrets round", gives what each changes over every spent author):

* **An obvious fake**: a token (no blank) of twelve characters or more with ``EXAMPLE`` in capitals
  inside it, or ``example`` twice (``ghp_EXAMPLEexampleEXAMPLE…``, ``sk_live_EXAMPLEKEY123…``,
  ``AKIA…EXAMPLE`` anywhere, not only at the end as ``stand_ins`` reads AWS's pair). Vendors print
  such values in their documentation and tutorials copy them; nobody is issued one. A password word
  "Example" in a passphrase is a word, not this class (one capital run, no blank only).
* **A public identifier under its own name**: the span is ``name=value``/``name: value``, or the text
  right before it ends with that name and ``=``/``:``, where the name says the value identifies
  something (``key_id``, ``kid``, ``client_id``, ``app_id``, ``channel_id``, ``tenant_id``,
  ``account_id``, ``project_id``, ``user_id``, ``request_id``, ``trace_id``, ``fingerprint``,
  ``thumbprint``, ``publishable_key``, ``site_key``): a key rotation log's ``(key_id=kid_2024_11)`` is
  which key, not the key. ``secret_id`` (Vault AppRole) and ``access_key_id`` (AWS) are left out: the
  writers of every spent set count a bare AWS access key id as a secret.
* **A password hash in a crypt format, whatever names it**: bcrypt (``$2b$12$`` and 40–64 characters:
  writers cut or pad the 53 of the real format),
  argon2 with its parameters, SHA-crypt (``$5$``/``$6$``), scrypt/PBKDF2 in the modular notation and
  Django's ``pbkdf2_sha256$<iterations>$<salt>$<hash>`` (and ``argon2$…``, ``bcrypt_sha256$…``):
  the stored form of a password, not the password — when a word for hashing stands in the text, as
  a word or as a segment of an identifier (``password_hash = $2y$…``, ``passwordHash:``), which
  ``other_values`` (a word standing alone) did not read. Without one, "La contraseña del panel:
  $2b$12$…" stays a password (the thirtieth round's test).
* **A Slack conversation or user ID** (``C04ABCD1234``: C, G, D, U or W then 8–10 capitals and
  digits, a digit among them) in a text naming Slack, a channel or a canal: an address in the
  workspace, not a token (tokens are ``xox…-``, found by their prefix).
* **A publishable key** (thirty-seventh round): Stripe's ``pk_live_…``/``pk_test_…``, public by
  Stripe's design (the key a checkout page ships to every browser), whatever finder took it — the
  entropy fallback already passed it; a prose frame reading "la clave publicable de Stripe, pk_live_…"
  as an apposition did not.
* **A keyword's value across a boundary**: the keyword stands inside a quotation that closes before
  the value ("Mira este log: 'Login failed: invalid password for user X' — ¿será …"), or the value
  opens a question or an exclamation (``¿``, ``¡``): the value belongs to the next sentence, not to
  the label.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

_BLANK_RE: Final = re.compile(r"\s")
_FAKE_RE: Final = re.compile(r"EXAMPLE|(?i:example).*(?i:example)")
_IDENTIFIER_NAME: Final = (
    r"(?:(?<![\w])|(?<=[_\-.]))(?<!secret_)(?<!access_)(?<!secret-)(?<!access-)"
    r"(?:key[_\-]?id|kid|client[_\-]?id|app[_\-]?id|application[_\-]?id|channel[_\-]?id|tenant[_\-]?id"
    r"|account[_\-]?id|project[_\-]?id|user[_\-]?id|request[_\-]?id|trace[_\-]?id|(?:key[_\-]?)?fingerprint"
    r"|thumbprint|publishable[_\-]?key|site[_\-]?key)"
)
_IDENTIFIER_PAIR_RE: Final = re.compile(
    r"(?i:[(\[{\"']?[\w.\-]*?" + _IDENTIFIER_NAME + r"[\"']?[ \t]*[=:][ \t]*[\"']?[^\s\"']+[\"')\]}]?)")
_IDENTIFIER_BEFORE_RE: Final = re.compile(r"(?i:" + _IDENTIFIER_NAME + r"[\"']?[ \t]*[=:][ \t]*[\"']?$)")
_CREDENTIAL_FORMAT_RE: Final = re.compile(
    r"(?:A3T[A-Z0-9]|AKIA|ASIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA)[A-Z0-9]{16}|(?:sk|rk)_(?:live|test)_|gh[pousr]_|xox[abposr]-"
    r"|glpat-|AIza|-----BEGIN")
_CRYPT_HASH_RE: Final = re.compile(
    r"(?:(?:bcrypt(?:_sha256)?|argon2)\$)?(?:\$2[abxy]?\$\d{2}\$[./A-Za-z0-9]{40,64}"
    r"|\$[56]\$(?:rounds=\d+\$)?[./A-Za-z0-9]{1,16}\$[./A-Za-z0-9]{43,86}"
    r"|\$?argon2(?:id|i|d)\$v=\d+\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]{8,}\$[A-Za-z0-9+/]{16,}"
    r"|\$(?:scrypt|pbkdf2(?:-sha(?:1|256|512))?)\$[^\s$]{1,40}\$[./A-Za-z0-9+=]{8,}\$[./A-Za-z0-9+=]{16,})"
    r"|pbkdf2_sha(?:1|256)\$\d{4,7}\$[A-Za-z0-9]{1,64}\$[A-Za-z0-9+/]{40,}={0,2}")
#: A word for hashing, alone or as a segment of an identifier ("password_hash", "passwordHash",
#: "pw-digest"): the thirtieth round keeps "La contraseña del panel: $2b$12$…" a password, since no
#: word says it is a hash.
_HASH_NAME_RE: Final = re.compile(
    r"(?:(?i:(?<![^\W_])(?:hash|hashed|hashes|digest|bcrypt|argon2\w*|scrypt|pbkdf2\w*|crypt|sha-?crypt|shadow"
    r"|htpasswd|hashea\w*))(?![^\W_])|[a-z](?:Hash|Digest)\b)")
_SLACK_ID_RE: Final = re.compile(r"[CGDUW](?=[A-Z]*\d)[A-Z0-9]{8,10}")
_SLACK_WORDS_RE: Final = re.compile(r"(?i:\b(?:slack|channel|canal|conversation|conversaci[oó]n)\b)")
_QUOTES: Final = "'\"“”‘’«»"
#: A closing quote followed by a blank and then a dash or a word: the quotation ends mid-sentence.
_PROSE_CLOSE_RE: Final = re.compile(r"[\"'”’»][ \t]+(?:[—–\-]|[^\W\d_])")
#: How far back on its line a quotation holding the keyword may open (bounds the work per keyword).
_QUOTATION_REACH: Final = 300
_CLOSING: Final = {"“": "”", "‘": "’", "«": "»", "'": "'", '"': '"'}


def obvious_fake(value: str) -> bool:
    """A blank-free token of twelve characters or more that says EXAMPLE (the module docstring)."""
    if len(value) < 12 or ("EXAMPLE" not in value and "xample" not in value):
        return False
    return _BLANK_RE.search(value) is None and _FAKE_RE.search(value) is not None


def public_identifier(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` (or the value it closes) named as an identifier (the module docstring)?
    A vendor's credential format under such a name (``key_id=AKIA…``) is still a credential."""
    value = text[start:end]
    named = (("=" in value or ":" in value) and _IDENTIFIER_PAIR_RE.fullmatch(value) is not None) \
        or _IDENTIFIER_BEFORE_RE.search(text[max(0, start - 40):start]) is not None
    return named and _CREDENTIAL_FORMAT_RE.search(value) is None


@lru_cache(maxsize=8)
def _crypt_hashes(text: str) -> tuple[tuple[int, int], ...]:
    return tuple(h.span() for h in _CRYPT_HASH_RE.finditer(text))


@lru_cache(maxsize=8)
def _names_a_hash(text: str) -> bool:
    # Thirty-ninth round: once per text, not once per span (a text of many "$" values was quadratic).
    return _HASH_NAME_RE.search(text) is not None


def crypt_hash(text: str, start: int, end: int) -> bool:
    """Does ``text[start:end]`` lie inside a password hash in a crypt format (the module docstring)?"""
    if "$" not in text or not _names_a_hash(text):
        return False
    return any(h_start <= start and end <= h_end for h_start, h_end in _crypt_hashes(text))


def slack_id(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` a Slack conversation or user ID in a text about Slack (the module docstring)?"""
    return _SLACK_ID_RE.fullmatch(text, start, end) is not None and _SLACK_WORDS_RE.search(text) is not None


#: Thirty-seventh round: Stripe's publishable key (``pk_live_…``/``pk_test_…``), which Stripe documents
#: as public (it goes in the page's JavaScript); a restricted ``rk_`` or secret ``sk_`` key stays one.
_PUBLISHABLE_RE: Final = re.compile(r"pk_(?:live|test)_[A-Za-z0-9]{8,247}")


def publishable_key(value: str) -> bool:
    """Is ``value`` (closing punctuation aside) a publishable key, public by its vendor's design?"""
    return value.startswith("pk_") and _PUBLISHABLE_RE.fullmatch(value.rstrip(".,;:)]}\"'»”")) is not None


#: Thirty-seventh round, in sample (k63-281): an Ethereum account or contract address — ``0x`` and
#: exactly forty hex digits (twenty bytes, EIP-55 mixed case or not) — is public by design, whatever
#: label stands before it ("Token de Ethereum: 0x…" names an ERC-20 contract); a private key is
#: sixty-four hex digits and stays a candidate.
_ETH_ADDRESS_RE: Final = re.compile(r"0x[0-9a-fA-F]{40}")
#: Thirty-seventh round, in sample (k63-248): a PEM or PGP armor line's dashes and word ("-----BEGIN",
#: "-----END PGP PUBLIC KEY BLOCK-----") taken as a label's value: the boundary of a block, not a
#: value (a private block is ``private_keys``' whole span, never this short one).
_ARMOR_RE: Final = re.compile(r"-{5}(?:BEGIN|END)(?: [A-Z0-9 ]{1,40}-{5})?")


def public_value(text: str, start: int, end: int) -> bool:
    """A driver filter: an obvious fake, a public identifier, a crypt-format hash, a Slack ID, a
    publishable key, an Ethereum address or an armor line (the module docstring)."""
    value = text[start:end]
    return (obvious_fake(value) or public_identifier(text, start, end) or crypt_hash(text, start, end)
            or slack_id(text, start, end) or publishable_key(value)
            or (value.startswith("0x") and _ETH_ADDRESS_RE.fullmatch(value.rstrip(".,;:)")) is not None)
            or (value.startswith("-----") and _ARMOR_RE.fullmatch(value) is not None)
            or _header_label(text, end, value) or _VARIABLE_NAME_RE.fullmatch(value) is not None
            or _ticket_pass_before(text, start))


def _ticket_pass_before(text: str, start: int) -> bool:
    """A ticket's "pass" in the 40 characters before ``start`` (:data:`_TICKET_PASS_RE`), read in that
    window only: lowering or scanning the whole text for every span made a long note quadratic."""
    first = max(0, start - 41)  # one character more, so the pattern's word boundary sees what is before
    window = text[first:start]
    return "pass" in window and _TICKET_PASS_RE.search(window.lower(), max(0, start - 40) - first) is not None


# Thirty-eighth round (in sample): three values that name something else.
# * An HTTP header's name closed by its colon, taken as a keyword's value ("el token: Authorization:
#   Bearer ***…***", k64-189): the next label, whatever stands after it is its own value.
_HEADER_NAMES: Final = frozenset(
    "authorization proxy-authorization cookie set-cookie x-api-key api-key x-auth-token x-access-token".split())


def _header_label(text: str, end: int, value: str) -> bool:
    return text[end:end + 1] == ":" and value.lower() in _HEADER_NAMES


# * An environment variable's name in capitals naming a secret ("contraseña_desde_env: DB_PASS",
#   "password: STRIPE_SECRET_KEY", k66-204): a reference to where the value is, as ``${DB_PASS}`` is.
_VARIABLE_NAME_RE: Final = re.compile(
    r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_(?:PASS|PASSWD|PASSWORD|PWD|KEY|SECRET|TOKEN|CLAVE|CREDENTIALS?|AUTH)(?:_[A-Z]+)*"
    r"|(?:PASS|PASSWORD|SECRET|TOKEN|API)_[A-Z][A-Z_]*")
# * A ticket's or a permit's "pass" ("Boarding pass for flight IB3167", k67-219; season, day, bus, ski,
#   backstage, press, visitor passes): the pass is a document, what follows names it.
_TICKET_PASS_RE: Final = re.compile(
    r"\b(?:boarding|season|day|bus|train|rail|ski|backstage|press|hall|visitor|guest|gym|museum|transit|metro"
    r"|weekly|monthly|annual|festival|vip|parking|hotel|cruise|travel|interrail|eurail)[ \t]+pass(?:es)?\b[^\n.;]{0,40}$")


def across_a_boundary(text: str, keyword_start: int, keyword_end: int, value_start: int) -> bool:
    """Does the value at ``value_start`` lie past a quotation holding the keyword, or open a question?"""
    if text[value_start:value_start + 1] in ("¿", "¡"):
        return True
    line_start = max(text.rfind("\n", 0, keyword_start) + 1, keyword_start - _QUOTATION_REACH)
    before = text[line_start:keyword_start]
    between = text[keyword_end:value_start]
    if not any(q in between for q in _QUOTES) or not _PROSE_CLOSE_RE.search(between):
        return False  # '"client_secret": "…"', "['SECRET_KEY'] = …": a key's quotes, not a quotation
    for opening, closing in _CLOSING.items():
        if closing not in between:
            continue
        if opening == closing:
            # a straight quote: open when an odd number stand before the keyword on its line (an
            # apostrophe inside a word, "don't", is no quotation mark)
            opened = before.rfind(opening)
            if opened < 0 or not any(c.isspace() for c in before[opened:]):
                continue  # the quotation must hold words before the keyword ("'Login failed: invalid password")
            count = sum(1 for i, c in enumerate(before) if c == opening
                        and not (0 < i < len(before) - 1 and before[i - 1].isalpha() and before[i + 1].isalpha()))
            if count % 2 == 1:
                return True
        elif before.count(opening) > before.count(closing) and " " in before[before.rfind(opening):]:
            return True
    return False
