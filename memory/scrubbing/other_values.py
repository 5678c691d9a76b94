r"""Thirtieth round: values that belong to another field's notation and are no credential, whatever
finder or label took them. The driver drops a span for which :func:`other_value` is true (as it
drops a stand-in, ``stand_ins``). Each class names the notation, not a sentence:

* **A design colour** (CSS Color Module 4: ``#rgb``, ``#rgba``, ``#rrggbb``, ``#rrggbbaa``) in a text
  that talks about colour or styling ("color", "colour", "hover", "fondo", "background", "tema",
  "CSS", "paleta"…): "El color del botón de login: #2ecc71, hover #27ae60". A hex run after "#" with
  no colour word around it (a password "#2ecc71") stays a candidate.
* **A password hash in the modular crypt format** (bcrypt ``$2a$``/``$2b$``/``$2y$`` + cost + 53
  characters, sha-crypt ``$5$``/``$6$``, md5-crypt ``$1$``, ``$argon2id$v=…$m=…,t=…,p=…$…``,
  ``$scrypt$``, ``$pbkdf2-sha256$``) in a text that names hashing ("hash", "bcrypt", "argon2",
  "hashed", "cifrado"…): a one-way digest stored by the login system — it does not log anyone in,
  and the spent authors write it as an ordinary string whenever it appears (six of six). Writers
  miscount the 53 characters, so the body's length is 40–64. A span anywhere inside such a hash
  (the high-entropy fallback takes the body alone) is kept.
* **A card network's published test card and its companions**: the card numbers payment processors
  print in their testing docs (Stripe's ``4242 4242 4242 4242``, ``5555 5555 5555 4444``,
  ``4000 0566 5566 5556``…, and the networks' older ``4111 1111 1111 1111``, ``5105 1051 0510 5100``,
  ``3782 822463 10005``…) work only in test mode, with *any* CVC and any future expiry: a 3–4 digit
  code in the same sentence as one of them is the test card's, not a secret. A card number that is
  not on the list keeps its CVC a candidate.
* **Where a secret is kept, said as a locative clause**: a value that opens with a verb of location
  and a preposition ("está en la nevera", "están en el cajón", "it's on the fridge", "is in the
  drawer", "lives in my wallet", "sigue en el post-it") tells where the password is, not what it is —
  the answer in a chat to "¿me pasas la password del wifi?". Letters, spaces, commas and
  apostrophes only: a run with a digit or a symbol is stated, and no spent passphrase opens so.
* **Thirty-third round — what the text says the value is not, or only shows of it:**

  - *A negated label*: a value right after a credential label the writer negates in the same clause
    ("no el secret: es 9b1d…", "no es ninguna clave: 1.2M", "not the password: it's the tenant ID
    …", "isn't a token:") is said not to be the credential. Only a value that is no strong
    credential (``prose._strong_credential``: a UUID, a number with a unit, a word) is kept; "no es
    la del admin, la clave: Kx9#mLp2" still reads a strong value.
  - *A masked display*: nothing or a vendor's prefix closed by "_" or "-", an ellipsis ("…", "...")
    or a run of three or more "*", "•", "●", then at most six characters ("sk_live_…a7Qx",
    "ghp_****9f2c"): a dashboard's last-four display, which logs nobody in. "Gato***2024" shows a
    word before the mask and stays a candidate.
  - *A value its own line calls an example*: a comment ("#", "//", "--") or parenthesis after the
    value on its line (nothing but two marks and blanks between; a "#" or "//" after a blank,
    so a URL's "example.org" is no comment) that says example, placeholder, dummy, fake, "de
    ejemplo", "ficticio", "no es la real" ("client_secret: changeme-in-prod  # valor de ejemplo"). A
    test or sandbox token ("// token de prueba de Inés") is still a token and is not in the list.
    Forty-first round: the word must stand alone — inside a host name or an identifier
    ("# dominio mg.tienda-ejemplo.test", "# sends from example.com") it names an example *domain*
    the real key is used with, not the key.
  - *The passphrase's form described*: a count and a noun of units ("five random words", "cuatro
    palabras aleatorias", "12 characters", "16 caracteres con símbolos"), letters and the count only.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from memory.scrubbing.prose import _strong_credential

_COLOUR_VALUE_RE: Final = re.compile(r"#(?:[0-9A-Fa-f]{3,4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})")
_COLOUR_WORDS_RE: Final = re.compile(
    r"(?i:\b(?:colou?rs?|colores|hover|fondo|background|foreground|bg|fg|tema|theme|css|scss|paleta|palette"
    r"|tono|tonos|hue|tint|shade|border|borde|branding|brand|fill|stroke|rgb|rgba)\b)")

_HASH_TOKEN_RE: Final = re.compile(
    r"\$2[abxy]?\$\d{2}\$[./A-Za-z0-9]{40,64}"
    r"|\$[156]\$(?:rounds=\d+\$)?[./A-Za-z0-9]{1,16}\$[./A-Za-z0-9]{20,90}"
    r"|\$argon2(?:id|i|d)\$v=\d+\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]{8,}\$[A-Za-z0-9+/]{16,}"
    r"|\$(?:scrypt|pbkdf2(?:-sha(?:1|256|512))?)\$[^\s$]{1,40}\$[./A-Za-z0-9+=]{8,}\$[./A-Za-z0-9+=]{16,}")
_HASH_WORDS_RE: Final = re.compile(
    r"(?i:\b(?:hash|hashes|hashed|hashea\w*|bcrypt|argon2\w*|scrypt|pbkdf2\w*|crypt|sha-?crypt|shadow|htpasswd"
    r"|digest|cifrad[oa]s?)\b)")

#: Published test card numbers (Stripe's testing docs; the networks' long-standing test numbers that
#: Braintree, Adyen and PayPal print too). Digits only.
TEST_CARDS: Final[frozenset[str]] = frozenset({
    "4242424242424242", "4000056655665556", "5555555555554444", "2223003122003222", "5200828282828210",
    "5105105105105100", "378282246310005", "371449635398431", "6011111111111117", "6011000990139424",
    "3056930009020004", "36227206271667", "3566002020360505", "6200000000000005", "4000000000000002",
    "4000000000009995", "4000002500003155", "4000002760003184", "4111111111111111", "4012888888881881",
    "5500000000000004", "378734493671000", "6011111111111117", "30569309025904", "38520000023237",
})
_CARD_RE: Final = re.compile(r"(?<![\d])(?:\d{13,19}|\d{4}(?:[ \-]\d{2,6}){2,4})(?![\d])")
_SHORT_CODE_RE: Final = re.compile(r"\d{3,4}")
# A sentence ends at ".", "!", "?" or a new line; the code and the card must share one (read up to
# 200 characters either side, so a long text costs no more per code).
_SENTENCE_END_RE: Final = re.compile(r"[.!?\n]")

_PLACE_PREPOSITIONS: Final = (
    r"(?:en|dentro[ \t]+del?|encima[ \t]+del?|debajo[ \t]+del?|detr[aá]s[ \t]+del?|junto[ \t]+al?"
    r"|in|on|under|inside|behind|at|next[ \t]+to)")
_LOCATIVE_RE: Final = re.compile(
    r"(?i:(?:(?:la|lo|las|los)[ \t]+tienes?|est[aá]n?|esta|sigue|siguen|vive|queda"
    r"|it['’]s(?:[ \t]+still)?|it[ \t]+is|is|lives|sits|stays|they['’]re|are)"
    r"(?:[ \t]+(?:(?:pegad|escrit|apuntad|guardad|anotad)[oa]s?|written|taped|stuck|kept|stored|pinned)"
    r"[ \t]+(?:a|al|to|" + _PLACE_PREPOSITIONS + r")|[ \t]+" + _PLACE_PREPOSITIONS + r")"
    r"[ \t]+[^\W\d_][^\W\d_'’]*(?:(?:[ \t]*,[ \t]*|[ \t]+)[^\W\d_]+(?:['’][^\W\d_]+)?)*[ \t]*[.!]?)")


def _design_colour(text: str, value: str) -> bool:
    return _COLOUR_VALUE_RE.fullmatch(value) is not None and _COLOUR_WORDS_RE.search(text) is not None


@lru_cache(maxsize=8)
def _hash_tokens(text: str) -> tuple[tuple[int, int], ...]:
    # Thirty-ninth round: once per text, not once per span (a text of many "$" values was quadratic).
    if _HASH_WORDS_RE.search(text) is None:
        return ()
    return tuple(h.span() for h in _HASH_TOKEN_RE.finditer(text))


def _inside_a_password_hash(text: str, start: int, end: int) -> bool:
    if "$" not in text:
        return False
    return any(h_start <= start and end <= h_end for h_start, h_end in _hash_tokens(text))


def _test_card_companion(text: str, start: int, end: int) -> bool:
    """Is the span a test card's number, or a 3–4 digit code in the sentence of one?"""
    value = text[start:end]
    digits = "".join(c for c in value if c.isdigit())
    if digits in TEST_CARDS and len(digits) == sum(c.isdigit() or c in " -" for c in value):
        return True
    if _SHORT_CODE_RE.fullmatch(value) is None:
        return False
    before = _SENTENCE_END_RE.search(text[max(0, start - 200):start][::-1])
    after = _SENTENCE_END_RE.search(text, end, min(len(text), end + 200))
    left = start - before.start() if before is not None else max(0, start - 200)
    right = after.start() if after is not None else min(len(text), end + 200)
    return any("".join(c for c in card.group() if c.isdigit()) in TEST_CARDS
               for card in _CARD_RE.finditer(text, left, right))


def other_value(text: str, start: int, end: int) -> bool:
    """Does ``text[start:end]`` belong to one of the notations above (no credential)?"""
    value = text[start:end]
    if value.startswith("#"):
        return _design_colour(text, value)
    if " " in value and _LOCATIVE_RE.fullmatch(value) is not None:
        return True
    if "$" in text and _inside_a_password_hash(text, start, end):
        return True
    if value[:1].isdigit() and _test_card_companion(text, start, end):
        return True
    return said_otherwise(text, start, end)


_NEGATED_LABEL_RE: Final = re.compile(
    r"(?i:(?:\bno\b|\bnot\b|\bnunca\b|\bnever\b|\bningun[oa]?\b|\bningún\b|n['’]t\b)[ \t]+(?:[\w-]+[ \t]+){0,2}"
    r"(?:password|passwd|passphrase|secret|secreto|clave|contrase[ñn]a|token|key|api[ _-]?key|pass)"
    r"[ \t]*[:=][ \t]*(?:(?:es|is|it['’]s|son|are)[ \t]+)?[\"'`]?$)")
# Thirty-eighth round: the visible head may also touch an ellipsis with no separator ("abc…9f3e",
# "AKIA...WXYZ": a display cut in the middle), when it is short (twelve characters at most) and the
# tail has a letter — "Gato...2024" or "Gato***2024" show a word and a year, which is a password's shape.
_MASKED_RE: Final = re.compile(r"(?:[A-Za-z0-9]+(?:[_\-][A-Za-z0-9]+)*[_\-])?(?:…|\.{3}|[*•●]{3,})[\w\-]{0,6}"
                               r"|[A-Za-z0-9]{1,12}(?:…|\.{3})(?=[\w\-]{0,5}[A-Za-z])[\w\-]{1,6}")
_EXAMPLE_NOTE_RE: Final = re.compile(
    r"(?i:[^\s#/]{0,2}[ \t]*(?:(?<=\s)(?:\#|//|--)[ \t]|\()[^\n/#]{0,40}?(?<![\w.\-@])(?:example|placeholder|dummy|fake|ejemplo"
    r"|ficticio|ficticia|no[ \t]+(?:es[ \t]+)?(?:el[ \t]+|la[ \t]+)?real|not[ \t]+(?:the[ \t]+)?real)(?![\w@]|\.\w|-[\w\-]*\.\w))")
_COUNT: Final = (r"(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a[ \t]+few|several"
                 r"|una?|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|varias|unas)")
# Thirty-eighth round: the form may be given as a rule ("use at least four random words", "al menos
# doce caracteres", "minimum 12 characters").
_RULE_LEAD: Final = (r"(?:(?:use|uses|usa|usar|pick|choose|elige|escoge|at[ \t]+least|al[ \t]+menos|m[ií]nimo|minimum"
                     r"|max(?:imum)?|m[aá]ximo|exactly|exactamente|de)[ \t]+){0,3}")
# Forty-third round: the count may be a range ("four or five random words", "cuatro o cinco palabras",
# "4-6 words", "entre cuatro y seis palabras").
_COUNT_RANGE: Final = (r"(?:(?:entre|between)[ \t]+)?" + _COUNT + r"(?:[ \t]*(?:-|–|[ \t]or[ \t]|[ \t]o[ \t]|[ \t]to[ \t]"
                       r"|[ \t]a[ \t]|[ \t]y[ \t]|[ \t]and[ \t])[ \t]*" + _COUNT + r")?")
_FORM_RE: Final = re.compile(
    r"(?i:" + _RULE_LEAD + _COUNT_RANGE + r"(?:[ \t]+[^\W\d_]+){0,2}?[ \t]+(?:words|characters|chars|letters|digits|symbols|palabras"
    r"|caracteres|letras|d[ií]gitos|s[ií]mbolos|n[uú]meros)(?:[ \t]+[^\W\d_]+){0,3})")


def _said_not_to_be(text: str, start: int, value: str) -> bool:
    return (not _strong_credential(value)
            and _NEGATED_LABEL_RE.search(text[max(0, start - 60):start]) is not None)


def _called_an_example(text: str, end: int) -> bool:
    return _EXAMPLE_NOTE_RE.match(text, end, min(len(text), end + 80)) is not None


def said_otherwise(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` negated, masked, called an example or a described form
    (the module docstring's thirty-third round)?"""
    value = text[start:end]
    if _MASKED_RE.fullmatch(value) is not None or _reference_mask_or_fingerprint(value):
        return True
    if " " in value and _FORM_RE.fullmatch(value) is not None:
        return True
    return _said_not_to_be(text, start, value) or _called_an_example(text, end)



# Thirty-fourth round: a reference to a variable in any IaC or CI notation (``var.db_password``,
# ``${var.x}``, ``{{ secrets.X }}``, ``${{ secrets.X }}``, ``$(x)``, ``local.x``, ``module.a.b``), a
# fingerprint in colon-separated hex of any digest length (MD5's 16 bytes to SHA-512's 64), and a mask
# in any notation (``***REDACTED***``, ``●●●●``, ``<redacted>``, ``[hidden]``), alone or as the right
# side of an assignment the finder took whole (``client_secret=***REDACTED***``).
_ASSIGNED_RE: Final = re.compile(r"[\w.\-]{1,60}[ \t]*[=:][ \t]*[\"']?(?P<v>.*?)[\"']?")
_REFERENCE_RE: Final = re.compile(
    r"(?:var|local|locals|module|data|secrets|vars|env|inputs|needs|steps|matrix|values|Values|params|parameters)"
    r"\.[A-Za-z_][\w\-]{0,60}(?:\.[\w\-]{1,60}){0,4}"
    r"|\$\{\{?[ \t]*[^{}\s]{1,80}[ \t]*\}?\}|\{\{[ \t]*[^{}\n]{1,80}?[ \t]*\}\}|\$\([\w.\- ]{1,60}\)|#\{[\w.]{1,60}\}")
_COLON_HEX_RE: Final = re.compile(r"[0-9a-fA-F]{2}(?::[0-9a-fA-F]{2}){15,63}")
_MASK_RE: Final = re.compile(
    r"(?i:[*•●▒█x#]{3,}[ \t_\-]?(?:redacted|hidden|masked|oculto|oculta|removed|filtered|censored|sanitized"
    r"|secret|enmascarado|redactado)?[ \t_\-]?[*•●▒█x#]{0,}"
    r"|[\[<(][ \t]*(?:redacted|hidden|masked|oculto|oculta|removed|filtered|censored|sanitized|enmascarado|redactado)[ \t]*[\]>)])")


def _reference_mask_or_fingerprint(value: str) -> bool:
    assigned = _ASSIGNED_RE.fullmatch(value) if "=" in value or (":" in value and value.count(":") < 3) else None
    for v in (value, assigned.group("v") if assigned is not None else None):
        if v is None:
            continue
        v = v.strip().strip("\"'")
        if _REFERENCE_RE.fullmatch(v) or _COLON_HEX_RE.fullmatch(v) or _MASK_RE.fullmatch(v):
            return True
    return False
