"""A password stated at the end of a long label (issue 15, twelfth round).

People name the password first and give it only after a clause of context: "Bob typed his
password with the fullwidth keyboard on his phone: …", "Contraseña de la cuenta del ayuntamiento
de Julia (la pegó desde Word): …", "Priya's banking app password — she insists it's only
temporary — is …", "Combinación del candado de Leo — locker number 12 at the gym: …". The frame:

* a clause (from the start of the text or of a sentence) whose first seven words hold a password
  word (password, passphrase, contraseña, clave, pass, combination/combinación, PIN);
* then a label of any words up to the first colon, with asides of any length in brackets or
  between dashes (a dash aside may also run up to the colon); or a closed dash aside followed by
  "is"/"es"/"was"/"era";
* no word before the colon outside the asides describes the password (hint, policy, length…),
  names a container after a plural password word or right after a singular one ("password
  folder"), or a password manager, or another value (user, file, fingerprint, public),
  a state of the password (forgotten, expired, reset, locked: a notice follows, not a value), and
  none is a verb "is"/"es" (then the colon opens something else);
* the value after the connector is one of: a password spelled out item by item (letter names,
  digit words, "capital"/"mayúscula", symbol names, the ICAO/NATO alphabet: ``spelled_run``);
  single characters between spaces whose joined form is credential-shaped; a combination of 1–2-digit groups joined by hyphens or
  dots, or four to twelve digit words closing the clause (fourteenth round: "seven four one nine")
  (a PIN, or a lock/locker/safe/candado word in the label: "combinación ganadora del sorteo"
  opens nothing); a credential-shaped token (a lower-case letter and a digit, 6+ characters,
  or a strong credential); a passphrase of 4–10 words closing its clause when the label calls it a
  phrase ("frase", "phrase", "passphrase"; no address or URL in it, not opening with a word that
  describes or points elsewhere: ``shapes._NOT_A_PHRASE``); after "clave" and "pass", which also
  mean a key point and a ticket, only a strong credential token (``prose._strong_credential``).

Fifteenth round: the same label frame also reads an access code's label (PIN, PUK, passcode, or a
code word naming what it opens) before digits, and a token's label before a random-looking token
(``_find_long_code_labels``).

The driver runs every finder on the inspection view too, so a fullwidth or zero-width-split value
is read in its folded form. Spelled-out values are also taken after a short password label
("La clave del wifi, dictada letra a letra: jota, o, ce, a, …"): the spelled run is redacted.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from memory.scrubbing.codes import _AFTER_RE, _LOCKS, _LOCKS_RE, _address_code, _names_access, postal_pin
from memory.scrubbing.keywords import _token_value_ok, possessive_sentence
from memory.scrubbing.kinds import _Span
from memory.scrubbing.measures import DESCRIBING_WORDS, _has_digit, at_as_a_letter, labels_a_public_key, opens_a_log_field
from memory.scrubbing.places import CONTAINERS, mentions_a_manager
from memory.scrubbing.prose import _strong_credential
from memory.scrubbing.shapes import _NOT_A_PHRASE

_HINTS: Final = ("pass", "contrase", "clave", "combina", "pin", "key", "mnem", "seed", "semilla")
_PHRASE_KWS: Final = frozenset({"passphrase", "mnemonic", "mnemónico", "mnemonico", "seed", "semilla"})
_SEED_KWS: Final = _PHRASE_KWS - {"passphrase"}
# A seed or a mnemonic is a wallet's only when the label names the wallet ("La semilla de tomate: …",
# "Mnemonic for the planets: …" are a gardener's and a teacher's).
_WALLET_RE: Final = re.compile(
    r"\b(?:wallets?|monedero|cartera|billetera|ledger|trezor|metamask|bip-?39|crypto|cripto|bitcoin|ethereum"
    r"|phrase|frase|words|palabras|recovery|recuperaci[oó]n)\b")
# The frame shared by every label family: a clause start, up to seven words, the label word, then a
# label of any words with asides of any length up to the first colon (or "is" after a dash aside).
# Fifteenth round: a prose colon (one followed by a space) starts a clause too ("A Fermín se le
# olvida siempre: su contraseña del Moodle —la que puso su hija— es …"); a colon inside a URL or an
# ARN does not.
_CLAUSE_HEAD: Final = r"(?:(?<![^.!?\n])|(?<=:[ \t]))[ \t]*(?P<pre>(?:[^\s.!?:;]+[ \t]+){0,7}?)"
_LABEL_TAIL: Final = (
    r"(?P<label>(?:[^\n.!?:;()—–]|\([^()\n]{0,160}\)|[—–][^—–\n:]{0,160}[—–]|[—–][^—–\n:]{0,160}(?=:)){0,240}?)"
    r"(?P<conn>[ \t]*:|(?<=[—–])[ \t]*(?:is|es|was|era)\b)[ \t]*(?P<v>[^\n]{1,200})")
#: The words that name a password, in either language (``typing_notes`` reads the same ones).
PASSWORD_WORDS: Final = r"contrase(?:ñ|n)as?|passwords?|passwd|passphrase|clave|pass"
_LABEL_RE: Final = re.compile(  # read on the lower-cased text
    _CLAUSE_HEAD + r"(?P<kw>" + PASSWORD_WORDS + r"|combinaci[oó]n|combination|pin"
    # Sixteenth round: a Wi-Fi network's key by its standard's names, as ``keywords`` reads it short.
    r"|(?:wi-?fi|wpa[23]?|wlan|network(?:[ \t]+security)?)[ \t_\-]key"
    # and a wallet's seed by its names (BIP-39 "mnemonic"), whose value is a phrase of words.
    r"|mnemonic|mnem[oó]nico|seed|semilla)\b"
    + _LABEL_TAIL)
# Sixteenth round: a label of two to six prepositional phrases, no colon, then "is"/"es" (after a time
# adverb: "ahora es", "is now"): "la clave de la cuenta familiar de la plataforma de series ahora es
# '…'", longer than the forty characters ``keywords`` lets lie between a keyword and its verb. The
# value keeps the label family's shape (``_value_span``).
_PREP_LABEL_RE: Final = re.compile(  # read on the lower-cased text
    _CLAUSE_HEAD + r"(?P<kw>" + PASSWORD_WORDS + r")"
    r"(?P<label>(?:[ \t]+(?:de|del|of|for|para|en|on|at)[ \t]+(?:[^\W\d_][\w'’\-]*[ \t]+){0,3}?[^\W\d_][\w'’\-]*){2,6})"
    r"[ \t]+(?:(?:ahora|now|todav[ií]a|still|actualmente|currently)[ \t]+)?(?P<conn>is|es|was|era)"
    r"(?:[ \t]+(?:now|ahora))?[ \t]+(?P<v>[^\n]{1,200})")
_ASIDES_RE: Final = re.compile(r"\([^()\n]*\)|[—–][^—–\n]*(?:[—–]|$)")
_WORD_RE: Final = re.compile(r"[^\W\d_]+")
_OTHER_VALUES: Final[frozenset[str]] = frozenset(
    """user users usuario usuarios username login name nombre ticket incidencia
    ref reference referencia file archivo fichero public pública publica público publico publicable publishable
    huella fingerprint
    is es son are was era hint pista política politica policy never nunca
    olvidada olvidado forgotten expired caducada caducado expirada expirado reset restablecer restablecimiento
    bloqueada bloqueado locked""".split())

_TOKEN_RE: Final = re.compile(r"[^\s\"'`<>]{6,64}")
_SPACED_RE: Final = re.compile(r"(?:\S )+\S(?=[\s.,;]|$)")
_DIGIT_GROUPS_RE: Final = re.compile(r"\d{1,2}(?:[-–.]\d{1,2}){2,5}(?![\d\-])")
_PHRASE_RE: Final = re.compile(r"[^\W\d_]+(?:[ \t]+[^\s.,;!?]+){3,9}(?=[ \t]*(?:[.;!?]|$))")
_TRAIL: Final = ".,;:)]}!?"
_VERSION_RE: Final = re.compile(r"[vV]?\d+(?:\.\d+)+[\w.\-+]*")

# Spelled-out items: letter names (English single letters, Spanish names), digit words, case words
# and symbol names; a run of five or more, separated by commas, hyphens, "y"/"and" or spaces.
# Fifteenth round: the ICAO/NATO spelling alphabet (ICAO Annex 10; the words a password is read out
# with over a radio or a phone: "tango echo alpha four two bravo x-ray") names letters too.
_ICAO: Final = (r"alpha|alfa|bravo|charlie|delta|echo|foxtrot|golf|hotel|india|juliett?|kilo|lima|mike|november|oscar"
                r"|papa|quebec|romeo|sierra|tango|uniform|victor|whiske?y|x-?ray|yankee|zulu")
_LETTER_NAMES: Final = (r"be|ce|de|efe|ge|hache|jota|ka|ele|eme|ene|eñe|pe|cu|ere|erre|ese|te|uve(?:[ \t]+doble)?"
                        r"|equis|i[ \t]+griega|ye|zeta|doble[ \t]+u|" + _ICAO)
_DIGIT_WORDS: Final = (r"cero|uno|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|zero|one|two|three|four|five|six"
                       r"|seven|eight|nine|oh")
_SYMBOL_NAMES: Final = (r"exclamation(?:[ \t]+(?:mark|point))?|(?:signo[ \t]+de[ \t]+)?exclamaci[oó]n|bang|arroba"
                        r"|at[ \t]+sign|hash|almohadilla|dollar(?:[ \t]+sign)?|d[oó]lar|asterisk|asterisco|underscore"
                        r"|gui[oó]n(?:[ \t]+bajo)?|dash|hyphen|dot|punto|ampersand|percent|por[ \t]+ciento|question[ \t]+mark"
                        r"|interrogaci[oó]n|plus|m[aá]s|slash|barra")
_CASE: Final = r"(?:capital|uppercase|upper[ \t]+case|lowercase|lower[ \t]+case|small|big|may[uú]scula|min[uú]scula)"
_ITEM: Final = (r"(?:" + _CASE + r"[ \t]+)?(?:" + _LETTER_NAMES + r"|" + _DIGIT_WORDS + r"|" + _SYMBOL_NAMES
                + r"|[a-zñ0-9])(?:[ \t]+" + _CASE + r")?")
# Twenty-third round: letters joined by a bare hyphen ("m-a-p-l-e"), "then"/"luego" after a comma
# (", then nine nine"), and an article before an item ("then an exclamation mark") separate items too.
_SPELLED_SEP: Final = (r"(?:[ \t]*,[ \t]*(?:(?:y|and|then|luego|despu[eé]s)[ \t]+)?|[ \t]+-[ \t]+|(?<=[a-z0-9])-(?=[a-z0-9](?![a-z]))"
                       r"|[ \t]+(?:y|and|then|luego)[ \t]+|[ \t]+)(?:(?:an?|un|una)[ \t]+(?=[a-z]{2}))?")
_SPELLED_RUN_RE: Final = re.compile(
    r"(?i:" + _ITEM + r"(?:" + _SPELLED_SEP + _ITEM + r"){4,40})"
    r"(?![\w])")


# Fourteenth round: after a PIN (or a lock's label) a code may be spelled in digit words alone, four
# to twelve of them closing the clause ("PIN, read out: seven four one nine"); a count needs no PIN.
_DIGIT_WORD_RUN_RE: Final = re.compile(
    r"(?i:(?:" + _DIGIT_WORDS + r")(?:(?:[ \t]*,[ \t]*|[ \t]+-[ \t]+|[ \t]+)(?:" + _DIGIT_WORDS + r")){3,11})"
    r"(?=[ \t]*(?:[.,;!?)]|$))")


def spelled_run(value: str) -> re.Match[str] | None:
    """A password spelled out item by item at the start of ``value`` (the module docstring): at
    least five items, one of them a letter name, a case word or a symbol name and one a digit word
    or a letter, so "one, two, three, four, five" alone (a count) is not read as one."""
    m = _SPELLED_RUN_RE.match(value)
    if m is None:
        return None
    items = re.split(r"[ \t]*,[ \t]*|[ \t]*-[ \t]*|[ \t]+(?:y|and|then|luego)[ \t]+", m.group().lower())
    if len(items) < 5 and len(m.group().split()) < 5:
        return None
    named = re.search(r"(?i:\b(?:" + _LETTER_NAMES + r"|" + _CASE + r"|" + _SYMBOL_NAMES + r")\b|(?<![\w])[a-zñ](?![\w]))",
                      m.group())
    return m if named is not None else None


def _credential_shaped(value: str) -> bool:
    """A lower-case letter and a digit in 6+ characters (or a symbol with letters), not a version,
    URL, address, path or placeholder."""
    if len(value) < 6 or "[redacted:" in value.lower() or ("@" in value and not at_as_a_letter(value)) or "://" in value \
            or value.startswith(("/", "~", "#", "\\")) or _VERSION_RE.fullmatch(value):
        return False
    lower_letter = any(c.islower() for c in value)
    symbol = any(not c.isalnum() for c in value)
    return lower_letter and (_has_digit(value) or (symbol and sum(c.isalpha() for c in value) >= 4
                                                   and any(c.isupper() for c in value)))


def _plain(words: list[str], plural: bool) -> bool:
    """No describing, other-value or state word; no container word either after a plural password
    word ("Carpeta de contraseñas: …" names the folder; "Contraseña de la bóveda: …" is the
    vault's own password, as in ``places``)."""
    return not any(w in DESCRIBING_WORDS or w in _OTHER_VALUES or (plural and w in CONTAINERS) for w in words)


def _value_span(text: str, start: int, kw: str, label: str, pre: str) -> tuple[int, int] | None:
    """Where the value after the connector at ``start`` ends, if it is one (module docstring)."""
    rest = text[start:start + 200]
    spelled = spelled_run(rest)
    if spelled is not None:
        return start, start + len(spelled.group().rstrip(_TRAIL + " "))
    spaced = _SPACED_RE.match(rest)
    if spaced is not None and len(spaced.group()) >= 11 and _credential_shaped(spaced.group().replace(" ", "")):
        return start, start + spaced.end()
    if kw == "pin" or _LOCKS_RE.search(pre) or _LOCKS_RE.search(label):  # a word, not a substring ("block")
        groups = _DIGIT_GROUPS_RE.match(rest)
        if groups is not None:
            return start, start + groups.end()
        words = _DIGIT_WORD_RUN_RE.match(rest)
        if words is not None:
            return start, start + words.end()
    phrase = _PHRASE_RE.match(rest) if ("frase" in label or "phrase" in label or kw in _PHRASE_KWS) else None
    if phrase is not None and "@" not in phrase.group() and "://" not in phrase.group() \
            and phrase.group().split()[0].lower() not in _NOT_A_PHRASE:
        return start, start + phrase.end()
    token = _TOKEN_RE.match(rest)
    if token is not None:
        value = token.group().rstrip(_TRAIL)
        if opens_a_log_field(value, lower_case_name=True):
            return None  # stop 48 (k97-164): "clave rotada correctamente: id=key_0193, …", a log record's field
        # "clave" and "pass" also mean a key point and a ticket ("La clave del asunto: plazo2024"):
        # after them only a strong credential (a symbol or an inner capital too) is taken.
        weak = kw in ("clave", "pass")
        if _strong_credential(value) if weak else _credential_shaped(value):
            return start, start + len(value)
    return None


def _find_long_labels(text: str, lower: str) -> Iterator[_Span]:
    """A password after a long label with asides of any length (the module docstring)."""
    if (":" not in text and "—" not in text and "–" not in text) or not any(h in lower for h in _HINTS):
        return
    for m in _LABEL_RE.finditer(lower):
        label = m.group("label")
        outside = _ASIDES_RE.sub(" ", label)
        plural = m.group("kw").endswith("s") and m.group("kw") != "pass"
        words = _WORD_RE.findall(outside)
        if (words and words[0] in CONTAINERS) or mentions_a_manager(label):
            continue  # "Password folder in 1Password: Finance-2024": the folder, in a manager
        if not _plain(_WORD_RE.findall(m.group("pre")), plural) or not _plain(words, plural):
            continue
        if m.group("kw") in _SEED_KWS and _WALLET_RE.search(m.group("pre") + " " + label) is None:
            continue
        if labels_a_public_key(lower, m.end("kw")):
            continue  # "clave de sitio de hCaptcha (pública): …": published by design
        span = _value_span(text, m.start("v"), m.group("kw"), label, m.group("pre"))
        if span is not None:
            yield span[0], span[1], "password"


def _find_prepositional_labels(text: str, lower: str) -> Iterator[_Span]:
    """A password after a label of prepositional phrases and "is"/"es" (``_PREP_LABEL_RE``)."""
    if (" es " in lower or " is " in lower or " was " in lower or " era " in lower) and any(h in lower for h in _HINTS):
        for m in _PREP_LABEL_RE.finditer(lower):
            if not _plain(_WORD_RE.findall(m.group("pre")), False) or not _plain(_WORD_RE.findall(m.group("label")), False):
                continue
            if labels_a_public_key(lower, m.end("kw")):
                continue  # "la clave del sitio de reCAPTCHA es …": published by design
            start = m.start("v")
            quoted = text[start:start + 1] in "'\"“«‘"
            span = _value_span(text, start + 1 if quoted else start, m.group("kw"), m.group("label"), m.group("pre"))
            if span is not None:
                end = span[1]
                while quoted and end > span[0] and text[end - 1] in "'\"”»’":
                    end -= 1  # the closing quote stays outside the redaction
                yield span[0], end, "password"


# Fifteenth round: the same label frame for the two other label families. New authors lengthen a
# code's or a token's label the way they lengthen a password's — a bracketed aside, a comma clause,
# a second prepositional phrase ("PIN de la tarjeta de débito de mi madre, por si vuelve a olvidarlo:
# 0392", "Alarm code for the Hendersons' house (we're feeding their cat next week): 7730", "token del
# bot de la comunidad (el que manda los avisos): …") — where ``codes`` and ``keywords`` read only a
# short label. The value keeps its family's shape:
#
# * an access code's label — a PIN word (PIN, PUK, passcode) or a code word (code, código,
#   combination) that names what it opens in the label (``codes._names_access``: "alarm code",
#   "código de la puerta"; not a postal, area or bank code) — takes 3–8 digits (a keypad key may
#   follow) not followed by a unit or more digits; four or more after a PIN word unless a lock is
#   named;
# * a token's label (token, secret, secreto, API/access/secret/private key) takes a random-looking
#   token (``keywords._token_value_ok``: letters and digits, eight or more) that starts with a letter
#   or a digit (not a CSS variable's "--"), not a version, URL, address or path.
_CODE_LABEL_RE: Final = re.compile(  # read on the lower-cased text
    _CLAUSE_HEAD + r"(?P<kw>(?P<pin>p[i1í]n|puk|passcode)|c[oó]digos?|codes?|combinaci[oó]n|combination"
    r"|(?P<tok>tokens?|secreto|secret|(?:api|access|secret|private)[ \t_\-]?keys?))\b" + _LABEL_TAIL)
_CODE_HINTS: Final = ("pin", "p1n", "pín", "puk", "passcode", "cod", "cód", "combina", "token", "secret", "key")
_DIGITS_RE: Final = re.compile(r"\d{3,8}[#*]?(?![\d])")


def _code_value(text: str, lower: str, start: int, m: re.Match[str], pre: list[str], label: list[str]) -> int | None:
    """Where an access code after a long code label ends, if the label names what it opens."""
    pin = m.group("pin") is not None
    words = pre + label
    if not pin and (not _names_access(words) or _address_code(pre, label)):
        return None
    lock = any(w in _LOCKS for w in words)
    groups = _DIGIT_GROUPS_RE.match(text, start) if lock or pin else None
    if groups is not None:
        return groups.end()
    digits = _DIGITS_RE.match(text, start)
    if digits is None or _AFTER_RE.match(lower, digits.end()) is not None:
        return None
    count = sum(c.isdigit() for c in digits.group())
    if count < (3 if lock else 4) or (pin and not lock and postal_pin(lower, digits.group())):
        return None
    return digits.end()


def _find_long_code_labels(text: str, lower: str) -> Iterator[_Span]:
    """An access code or a token after a long label with asides (see above)."""
    if ":" not in text or not any(h in lower for h in _CODE_HINTS):
        return
    for m in _CODE_LABEL_RE.finditer(lower):
        label = m.group("label")
        outside = _WORD_RE.findall(_ASIDES_RE.sub(" ", label))
        pre = _WORD_RE.findall(m.group("pre"))
        if (outside and outside[0] in CONTAINERS) or mentions_a_manager(label):
            continue
        if not _plain(pre, False) or not _plain(outside, False):
            continue
        start = m.start("v")
        if m.group("tok") is not None:
            token = _TOKEN_RE.match(text, start)
            value = token.group().rstrip(_TRAIL) if token is not None else ""
            if opens_a_log_field(value):
                continue  # "token refresh failed: status=401 …": a log record's field, not the token
            if value[:1].isalnum() and _token_value_ok(value) and _has_digit(value) and "@" not in value and "://" not in value \
                    and not value.startswith(("/", "~", "#", "\\")) and not _VERSION_RE.fullmatch(value):
                yield start, start + len(value), "token"
            continue
        end = _code_value(text, lower, start, m, pre, _WORD_RE.findall(label))
        if end is not None:
            yield start, end, "password"


# Fourteenth round: a password its label calls long or a manager's master password is, by the
# managers' own advice (Bitwarden's and 1Password's generators, NIST SP 800-63B), a passphrase of
# plain words; after "is"/"es" or a colon, four to ten words closing their clause (a full stop, a
# dash, a semicolon or the end) are the value — unquoted, where ``shapes`` needs quotes. Not when the
# first word describes or points (``_NOT_A_PHRASE``: "is stored in…", "es la misma…"), is an article
# or a preposition, or the label describes the password (hint, policy, length…).
_PASSPHRASE_LABEL_RE: Final = re.compile(  # read on the lower-cased text
    r"\b(?:master[ \t]+password|master[ \t]+pass|long[ \t]+password|contrase(?:ñ|n)a[ \t]+(?:maestra|larga)"
    r"|clave[ \t]+maestra)\b(?P<label>[^\n.:;!?=—–]{0,60}?)(?:[ \t]*:|[ \t]+(?:is|es|was|era)\b)[ \t]*"
    r"(?P<v>[^\W\d_][^\s.,;:!?\"“”«»()]*(?:[ \t]+[^\s.,;:!?\"“”«»()]+){3,9})(?=[ \t]*(?:[.;!?—–]|[ \t]-[ \t]|$))")
_NOT_A_START: Final = frozenset(
    """a an the el la los las un una lo my his her their our your mi su tu nuestra in on at of for to from
    with en de del con para por sin y and or o but pero that que which same misma mismo
    use usa uses choose elige pick make haz never nunca""".split())
# Words of a label that talks about passphrases instead of giving one ("Master password tips: …").
_ABOUT_WORDS: Final = frozenset(
    """tips tip advice consejo consejos recommendation recommendations recomendación recomendaciones guide
    guía guia example examples ejemplo ejemplos rules""".split())

# Twenty-fourth round: a phrase of place after the copula says where the password is, not what it
# is. A preposition or an article opening the value already stops the finder (``_NOT_A_START``); a
# focusing adverb before it hid the phrase ("is only in her head", "es solo en su cabeza", "is just
# on the sticky note", "is only here in this notebook"), so it is looked through. A passphrase after
# the adverb ("is just violet river copper lantern") stays a value.
_FOCUS_ADVERBS: Final = frozenset("only just simply merely solo sólo únicamente unicamente simplemente".split())
_PLACE_ADVERBS: Final = frozenset(
    "here there somewhere nowhere elsewhere anywhere inside aquí aqui allí alli ahí ahi allá alla dentro".split())


def _says_where(words: list[str]) -> bool:
    """Do the value's words open with a focusing adverb and then a phrase of place (see above)?"""
    return words[0] in _FOCUS_ADVERBS and len(words) > 1 and (words[1] in _PLACE_ADVERBS or words[1] in _NOT_A_START)


# Thirtieth round: a passphrase that opens with a possessive, as ``keywords.possessive_sentence``
# reads it after a strong label ("la contraseña maestra de Bitwarden de Inés es mi perro baila
# flamenco los martes"); the possessed noun must not name another value or a place ("mi usuario …").
def _possessive_passphrase(words: list[str]) -> bool:
    return possessive_sentence(words) and words[1] not in _OTHER_VALUES and words[1] not in _NOT_A_PHRASE


def _find_long_passwords(text: str, lower: str) -> Iterator[_Span]:
    """A passphrase of plain words after a long or master password's label (see above)."""
    if "master" not in lower and "maestra" not in lower and "larga" not in lower and "long" not in lower:
        return
    for m in _PASSPHRASE_LABEL_RE.finditer(lower):
        words = m.group("v").split()
        if (words[0] in _NOT_A_START and not _possessive_passphrase(words)) or words[0] in _NOT_A_PHRASE \
                or words[0].startswith(("píd", "pid", "pregúnt", "ask")):
            continue
        if _says_where(words):
            continue  # "the master password is only in her head": where it is, not what
        if any(w in DESCRIBING_WORDS or w in _OTHER_VALUES or w in _ABOUT_WORDS for w in _WORD_RE.findall(m.group("label"))):
            continue
        if "@" in m.group("v") or "://" in m.group("v") or any(w in ("is", "es", "was", "era") for w in words):
            continue
        yield m.start("v"), m.end("v"), "password"


FINDERS: Final = (_find_long_labels, _find_prepositional_labels, _find_long_code_labels, _find_long_passwords)
