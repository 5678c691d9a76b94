"""Character measures shared by the detectors: Shannon entropy over detect-secrets' base64 charset."""

from __future__ import annotations

import re
from math import log2
from typing import Final

from detect_secrets.plugins.high_entropy_strings import Base64HighEntropyString


_B64_PLUGIN: Final = Base64HighEntropyString()  # limit 4.5, detect-secrets' default
_B64_CHARSET: Final = frozenset(_B64_PLUGIN.charset)


def _entropy(value: str) -> float:
    """Shannon entropy over detect-secrets' base64 charset.

    Same result as ``Base64HighEntropyString.calculate_shannon_entropy`` (a
    test pins that), computed in one pass instead of one ``str.count`` per
    charset symbol, since this runs on every long token.
    """
    n = len(value)
    if not n:
        return 0.0
    counts: dict[str, int] = {}
    for c in value:
        if c in _B64_CHARSET:
            counts[c] = counts.get(c, 0) + 1
    return -sum((k / n) * log2(k / n) for k in counts.values())


def _has_digit(value: str) -> bool:
    return any(c.isdigit() for c in value)


def _has_alpha(value: str) -> bool:
    return any(c.isalpha() for c in value)


#: A key or identifier ending in one of these describes a secret instead of holding one
#: ("password_hint", "token_type", "api_key_id", "password_hash_algorithm"): JSON keys in
#: ``fields`` and ``KEY = value`` assignments in ``keywords`` alike.
DESCRIBING_WORDS: Final[frozenset[str]] = frozenset(
    """hint hints policy type count length len expiry expires expired expiration ttl url uri endpoint
    name label format strength required rotation rotated changed updated date at created last age
    min max limit enabled set status id ids field reset requested manager usage scope scopes
    provider issuer prefix rate algorithm algorithms algo tipo politica longitud caducidad nombre
    fecha requerida cambiada cambiado pista algoritmo política formato requisito requisitos regla reglas""".split()
)


def _degrees(bases: str) -> frozenset[str]:
    """The comparative and superlative of each English adjective in ``bases`` ("easy": "easier",
    "easiest"; "safe": "safer"; "long": "longer")."""
    out: set[str] = set()
    for base in bases.split():
        stem = base[:-1] + "i" if base.endswith("y") else base[:-1] if base.endswith("e") else base
        out.update((stem + "er", stem + "est"))
    return frozenset(out)


#: Stop 48 (sec48, k96-183): a run that opens with a comparison says what a secret is like, not what
#: it is ("a passphrase of four random words is easier to remember than …", "la frase de paso es más
#: fácil de recordar que …", "is better than nothing") — as the gradable adjective itself does ("is
#: easy to remember", which the phrase readers already kept). The degrees of the gradable adjectives
#: those readers list, and the words that form a comparison in either language.
COMPARISON_WORDS: Final[frozenset[str]] = _degrees("long short easy hard secure strong weak safe simple") | frozenset(
    "more less most least better best worse worst más mas menos mejor peor".split())
_DESCRIBED_RE: Final = re.compile(
    r"(?:^|[^\w])(?P<word>[^\W\d_]+)[ \t]+(?:de|del|for|of)[ \t]+(?:(?:la|las|el|los|the|tu|su|mi|my|your|her|his|their)[ \t]+)?$")


# Twenty-third round: a noun of identity right before the password word, with no connector, the
# shorthand of labels and forms ("id clave: …", "ID contraseña", "nombre clave", "alias token"),
# names the key's identifier, not the key.
_IDENTITY_BEFORE_RE: Final = re.compile(
    r"(?:^|[^\w])(?:id|ids|identificador|identifier|nombre|name|alias|etiqueta|label)[ \t]+$")

# Thirty-eighth round (in sample, k67-258): "ID" after a vendor's name is the vendor's account ("Apple ID
# password", "Nintendo ID contraseña"): its password, not an identifier's name.
_ACCOUNT_ID_BEFORE_RE: Final = re.compile(
    r"\b(?:apple|adobe|nintendo|samsung|huawei|xiaomi|mi|sony|playstation|psn|epic|ubisoft|garmin|microsoft)[ \t]+id[ \t]+$")


def described_before(lower: str, start: int) -> bool:
    """Is the password word at ``start`` the complement of a describing noun ("la pista de la
    contraseña", "política de contraseñas", "hint for the password"), or right after a noun of
    identity ("id clave", see ``_IDENTITY_BEFORE_RE``)? Then the label is about the password, and
    what follows is not one."""
    m = _DESCRIBED_RE.search(lower, max(0, start - 40), start)
    return (m is not None and m.group("word") in DESCRIBING_WORDS) \
        or (_IDENTITY_BEFORE_RE.search(lower, max(0, start - 16), start) is not None
            and _ACCOUNT_ID_BEFORE_RE.search(lower, max(0, start - 30), start) is None)


# Twenty-third round: the label itself says the key is public — a bracketed "(pública)"/"(public)"
# qualifying it before its value ("la clave del sitio (pública): …"), or a CAPTCHA's site key, which
# reCAPTCHA, hCaptcha and Turnstile document as public, embedded in every page ("clave del sitio de
# reCAPTCHA", "clave de sitio hCaptcha"; "clave del sitio web" alone is a site's password).
# Thirty-seventh round: also a public adjective right after the password word ("la clave publicable
# de Stripe, pk_live_…", "la clave pública, ssh-ed25519 …"): the label names a public key, as the
# bracketed form does.
_PUBLIC_KEY_LABEL_RE: Final = re.compile(
    r"[^.;:=\n()]{0,50}?\((?:p[uú]blic[ao]s?|public|publishable)\)"
    r"|[ \t]+(?:p[uú]blic[ao]s?|publicables?|public|publishable)\b"
    r"|[ \t]+del?[ \t]+sitio[ \t]+(?:de[ \t]+|del[ \t]+)?(?:google[ \t]+)?(?:re-?captcha|hcaptcha|turnstile)\b")


def labels_a_public_key(lower: str, end: int) -> bool:
    """Does the label go on, after the password word ending at ``end``, to call the key public (see
    ``_PUBLIC_KEY_LABEL_RE``)? Then its value is published by design, no secret."""
    return _PUBLIC_KEY_LABEL_RE.match(lower, end, end + 80) is not None


def at_as_a_letter(value: str) -> bool:
    """Twenty-third round: is the "@" in a token a letter written as a symbol ("P@ssw0rd",
    "Tr@mpolin9") rather than an address's? An address has a domain's dot, a handle starts with "@",
    and user@host is lower-case; a password with "@" for "a" has none of these and a capital."""
    return "." not in value and not value.startswith("@") and any(c.isupper() for c in value)


def is_question(value: str) -> bool:
    """A quoted value that asks something ('"¿Has olvidado tu contraseña?"') is a label on a
    screen, never a credential: the keyword and the quoted-passphrase finders both skip it."""
    return value.rstrip().endswith("?")


# Twenty-third round: a prompt's text in either straight quote — the quote opens right before the
# label (not after a letter: "Ana's password" has an apostrophe) and closes right after its colon
# ("read -s -p 'Password: ' PW", 'input("Contraseña: ")').
_PROMPT_OPEN_RE: Final = re.compile(r"(?<![\w'\"])(['\"])[^'\"\n]{0,30}$")
_PROMPT_CLOSE_RE: Final = re.compile(r"[^'\"\n]{0,30}?[:?>][ \t]*(['\"])")


def in_a_prompt(text: str, kw_start: int) -> bool:
    """Is the password word at ``kw_start`` inside a quoted prompt that closes after its colon (see
    ``_PROMPT_OPEN_RE``)? Then what follows the closing quote is typed later, not stated here."""
    line_start = text.rfind("\n", 0, kw_start) + 1
    opened = _PROMPT_OPEN_RE.search(text, max(line_start, kw_start - 31), kw_start)
    if opened is None:
        return False
    closed = _PROMPT_CLOSE_RE.match(text, kw_start)
    return closed is not None and closed.group(1) == opened.group(1)


def closes_a_quote(text: str, pos: int) -> bool:
    """Is the straight quote (``"`` or a backtick) at ``pos`` the closing one of a string opened
    earlier (an odd number of the same quote before it)? Then what follows it is outside the quotes:
    in ``read -p "Password: " PW`` the label is a prompt's text and ``" PW … "`` no quoted value.
    Typographic quotes pair by themselves and the apostrophe is also a letter: neither is counted."""
    quote = text[pos:pos + 1]
    return quote in ('"', "`") and text.count(quote, 0, pos) % 2 == 1


# Thirtieth round: a token's label that closes with a colon before a structured log record's fields
# ("WARN token refresh failed: status=401 request_id=7f3a…", "token validation error: code=E42
# trace=…") introduces the record, not the token: a ``name=value`` pair (logfmt, a query string) is a
# field, and its name says what it holds. A field whose name names a secret ("secret=…",
# "access_token=…") stays a candidate.
_LOG_FIELD_RE: Final = re.compile(r"[A-Za-z_][\w.\-]*(?==[^=])")
_SECRET_FIELD_RE: Final = re.compile(r"(?i:token|secret|pass|pwd|key|auth|cred|sig|session|cookie|clave|contrase)")
#: A field's name glued to ``=`` or ``:`` right before a word, or a colon and an opening quote: that
#: word is the field's value ("Ojo: password, …" is a remark's colon, not a field).
_FIELD_BEFORE_RE: Final = re.compile(r"(?<![\w.\-])[A-Za-z_][\w.\-]{0,30}(?:=[\"']?|:[ \t]?[\"']|:)$")


def a_field_value(text: str, kw_start: int) -> bool:
    """Thirty-seventh round: is the password word at ``kw_start`` itself a log field's value
    (``method=password``, ``auth: "password"``, ``grant_type=password``)? Then it says how someone
    logged in and labels nothing: the next comma-separated item is another field."""
    return _FIELD_BEFORE_RE.search(text, max(0, kw_start - 40), kw_start) is not None


def opens_a_log_field(value: str, *, lower_case_name: bool = False) -> bool:
    """Does a token label's value open with a log record's ``name=value`` field whose name names no
    secret (see above)? Stop 48 (k97-164): a password label's value is read the same way, with
    ``lower_case_name`` (logfmt's names are lower-case words; "Xk29=fhaPq7" is a password with an
    equals sign in it, not a field)."""
    field = _LOG_FIELD_RE.match(value)
    if field is None or (lower_case_name and not _LOWER_FIELD_NAME_RE.fullmatch(field.group())):
        return False
    return _SECRET_FIELD_RE.search(field.group()) is None


_LOWER_FIELD_NAME_RE: Final = re.compile(r"[a-z_][a-z_.\-]*[0-9]*")


# Thirty-second round: two labels whose "value" is another name, not a password.
# * A key's name in a chart or manifest: a password label with a ``Key`` suffix (Helm charts'
#   ``passwordKey``, ``existingSecretPasswordKey``, ``secretKeys.adminPasswordKey``, a Kubernetes
#   ``secretKeyRef``'s ``passwordKey``; ``password_key``, ``clave_key``) whose value is a lower-case
#   identifier naming a secret ("db-password", "postgres_password", "redis-pass") holds the name of
#   the entry in a Secret that stores the password; the password lives there, not here. A value with
#   capitals, no secret word or a symbol ("Xk9-pass!") stays a candidate.
# * A nested mapping: a label closing its line with a colon ("politica_contrasenas:",
#   "password_policy:", YAML/TOML-like indentation) opens a block; a first word on the next line that
#   is itself followed by its own colon ("  longitud_minima: 14") is that block's first key, not the
#   label's value.
_KEY_SUFFIX_RE: Final = re.compile(r"(?:[_\-.]?(?i:key)|Key)(?:Ref|Name|_ref|_name)?$")
_KEY_NAME_VALUE_RE: Final = re.compile(r"[a-z0-9]+(?:[\-_.][a-z0-9]+){0,5}")
_SECRET_SEGMENT_RE: Final = re.compile(
    r"(?:^|[\-_.])(?:password|passwd|pass|pwd|pw|secret|token|key|credentials?|clave|contrasena)(?:$|[\-_.])")


def names_a_key_entry(suffix: str | None, value: str) -> bool:
    """Is the value after a ``…Key`` password label the name of the entry that holds the password?"""
    return (bool(suffix) and _KEY_SUFFIX_RE.search(suffix) is not None  # type: ignore[arg-type]
            and _KEY_NAME_VALUE_RE.fullmatch(value) is not None and _SECRET_SEGMENT_RE.search(value) is not None)


_KEY_COLON_RE: Final = re.compile(r":(?:[ \t]|\r?\n|$)")


def opens_a_mapping(text: str, label_end: int, start: int, end: int) -> bool:
    """Does the label end its line, and the unquoted word on the next line carry its own colon?"""
    return "\n" in text[label_end:start] and _KEY_COLON_RE.match(text, end) is not None


# Thirty-seventh round: an epistemic hedge opening an answer or standing before the value ("—Creo que
# Quesito.Frito.41, pero…", "I think it's Kettle.Blue.52", "si no me equivoco es …"): the speaker
# is unsure of the value, not saying it is something else. Lower-case (the answer finders read it in
# their own case), followed by its blank; a copula may follow it.
HEDGE: Final = (
    # a doubt first ("no sé, pero creo que …", "not sure, but I think …")
    r"(?:(?:no[ \t]+(?:s[eé]|estoy[ \t]+segur[oa])|not[ \t]+(?:100%[ \t]+)?sure|no[ \t]+idea)[,.]?[ \t]+(?:pero|but)[ \t]+)?"
    r"(?:(?:yo[ \t]+)?(?:creo|pienso|juraría|juraria|diría|diria|me[ \t]+parece|me[ \t]+suena|supongo|imagino)[ \t]+que"
    r"|si[ \t]+(?:no[ \t]+(?:me[ \t]+equivoco|recuerdo[ \t]+mal|me[ \t]+falla[ \t]+la[ \t]+memoria)|mal[ \t]+no[ \t]+recuerdo)"
    r"|a[ \t]+lo[ \t]+mejor|quiz[aá]s?|igual|probablemente|seguramente"
    r"|i[ \t]+(?:think|believe|guess|reckon|suppose)(?:[ \t]+that)?|i['’]m[ \t]+(?:pretty|fairly|almost)[ \t]+sure"
    r"|(?:pretty|fairly)[ \t]+sure|probably|maybe|perhaps|iirc|if[ \t]+i[ \t]+(?:remember|recall)"
    r"(?:[ \t]+(?:right|correctly))?)[,]?[ \t]+")
