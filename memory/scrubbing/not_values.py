"""Forty-second secrets round: what a finder took after a password word that is no credential's value
(docs/privacy.md). Driver filters, whichever finder took the span:

* ``policy_pattern`` — a regular expression a password must match ("Password regex: ^(?=.*\\d)….{8,}$"):
  two regex constructs or more (a look-ahead, a ``{m,n}`` count, a character class, an escape class,
  ``.*``, anchors at both ends), no white space: a rule about passwords, not one;
* ``source_reference`` — a config field that names where its value comes from, not the value: a bare
  source in capitals (``password: VAULT``, ``KEYCHAIN``, ``SECRETS_MANAGER``), ``from_vault``/``via_env``,
  or a source scheme and a name (``env:PG_PASS``, ``vault:secret/smtp#pass``, ``ssm:/app/db``,
  ``file:/run/secrets/db``); (stop 47) a variable's name or a store's path under a field named as a
  reference (``contraseña_desde: VAULT_INFORMES_RO``, ``password_from: DB_PASS``, ``secretRef: db/app``);
* ``factory_default`` — a vendor's documented default ("admin", "password", "1234", "root"…) said as a
  factory or default one in a sentence that cites where the vendor prints it (the manual, the docs, the
  label: "the manual's factory default is admin"): what every unit ships with, not this person's secret
  ("pin: 0000 (default, change it)" is still this device's PIN);
* ``room_key`` — the "clave" of a meeting room, a calendar or a booking ("la clave de la sala en el
  calendario es 'Sala Júpiter 3'"): the key that names a resource, a name of words, not a password;
* ``spacing_described`` — words about how a passphrase is written, not the passphrase ("no recuerdo si
  la frase de paso era con espacios o todo junto", "whether it is with spaces or with dashes", "spaced
  or not"): a word on spacing with an alternative or a negation in the same run (no comma: a spelled-out
  value names its separators);
* ``street_postcode`` — (forty-third round) five digits in the postcode range after a street and its
  number, read by a door-code finder ("calle del Olivo 14, 3º B, código de portal 28014"): the address's
  postcode, unless the sentence says to type or dial it;
* ``payment_reference`` — (forty-third round) a value after a payment's, an order's or a booking's
  reference label on its line ("Referencia de la transferencia: …", "Order ID: …", "localizador: …") in a
  text with no credential word: an identifier the writer gives out, not a secret;
* ``example_not_to_use`` — (forty-fourth round) a value its own sentence gives as an example and as one
  not to use ("the comic's example passphrase — don't use it", "ejemplo de lo que nunca debes usar"):
  both said, an example word and a "do not use", in the value's sentence; either alone is not enough
  ("never use the old one again: …" still gives a value);
* ``said_not_real`` — (forty-fifth round) a value its sentence or the next says is only an example ("solo de
  ejemplo", "just an example") or not to be *actually* used ("please don't actually use it", "no la uses de
  verdad"); ``example_not_to_use`` reads the next sentence too since that round, and "don't actually use";
* ``named_as_a_kind`` — (forty-fifth round) a value named as a style or a pattern of password: "-style",
  "-type", "-like" right after it, or a plural of passwords or patterns and "like", "such as", "del tipo",
  "como" right before it ("'…'-style passwords", "contraseñas del tipo …", "guesses things like …");
* ``key_id`` — (forty-fifth round) 8, 16 or 40 hex digits on a gpg command's line or after "key id" (not
  after a passphrase option): the name of a key in a keyring;
* ``template_pair`` — (stop 47) a Basic credential that decodes to a template's two words, "user:password"
  ("usuario:contraseña", "foo:bar"): how the header is built, as a tutorial shows it;
* ``example_of_a_published_work`` — (stop 47) a value its sentence names as *the* example ("el ejemplo del
  cómic", "the classic example", "como ejemplo"; not "por ejemplo", "for example") of a comic, a tutorial, a
  README, a book, an article, an RFC or a meme; ``said_not_real`` and ``example_not_to_use`` also read "nobody
  should (actually) use", "nadie debería usarla (de verdad)";
* ``encoded_words`` — base64 that decodes to plain words (a name, a sentence) with no credential
  word around it, or beside the decoded words themselves ("El campo nombre viene en base64: …
  (es «…»)", "Base64 of 'hello from Lagos' is …"): an encoded field, not a hidden secret.
"""

from __future__ import annotations

import base64
import binascii
import re
from typing import Final

from memory.scrubbing.vocabulary import MENTIONED_RE, STORE_NAMES

_REGEX_PARTS: Final = (
    re.compile(r"\(\?[=!<]"), re.compile(r"\{\d{1,3}(?:,\d{0,3})?\}"), re.compile(r"\[[^\]\s]{2,}\]"),
    re.compile(r"\\[dwsDWS]"), re.compile(r"\.[*+]"), re.compile(r"^\^.*\$$"))
_SOURCE_WORDS: Final = frozenset(
    """vault keychain keyring env environment secrets_manager secretsmanager secret_manager ssm kms parameter_store
    credstash sops doppler infisical keyvault key_vault onepassword secrets""".split()) | STORE_NAMES
_SOURCE_WORD_RE: Final = re.compile(r"(?i:(?:from|via|in|desde)[_\-](?P<w>[\w\-]{2,24})|(?P<c>[A-Z0-9_]{3,24}))")
_SOURCE_SCHEME_RE: Final = re.compile(
    r"(?i:env|vault|ssm|kms|file|keychain|keyring|secret|secrets|sm|awssm|gcpsm|op|sops|doppler|infisical)"
    r"(?::|\()(?P<name>[A-Za-z_][\w./#\-:]{1,80})\)?")
_DEFAULT_VALUES: Final = frozenset("admin administrator password passw0rd 1234 12345 123456 0000 root guest user default".split())
_DEFAULT_WORD_RE: Final = re.compile(
    r"(?i:\bfactory\b|\bdefault\b|de[ \t]+f[aá]brica|por[ \t]+defecto|predeterminad[ao]|de[ \t]+serie)")
_DEFAULT_SOURCE_RE: Final = re.compile(
    r"(?i:\bmanual\b|\bdocs?\b|documentation|documentaci[oó]n|datasheet|\bgu[ií]a\b|quick[ \t-]?start|\blabel\b"
    r"|etiqueta|pegatina|fabricante|manufacturer|vendor)")
_ROOM_KEY_RE: Final = re.compile(
    r"(?i:\bclave[ \t]+(?:de[ \t]+)?(?:la[ \t]+|el[ \t]+|del[ \t]+)?(?:sala|reuni[oó]n|calendario|agenda|evento|cita|aula"
    r"|despacho|espacio|recurso|room|meeting|calendar|booking|reserva)\b)")
_SENTENCE_BREAK_RE: Final = re.compile(r"[.!?](?:\s|$)|\n")
_WORDS_RE: Final = re.compile(r"[^\W\d_]+(?:[ \t'’\-][^\W\d_]+){1,7}[.!?]?")
#: Words on the spacing of a phrase (not its separators: a spelled-out value names "dash", "guion bajo").
_SPACING_WORDS: Final = frozenset(
    """spaces space spaced spacing together joined espacios espacio espaciado espaciada junto juntas juntos
    junta separado separada separados separadas""".split())
_ALTERNATIVE_WORDS: Final = frozenset("or not without o no sin ni".split())
_B64_RE: Final = re.compile(r"[A-Za-z0-9+/]{8,}={0,2}")
_EXAMPLE_RE: Final = re.compile(
    r"(?i:\b(?:examples?|ejemplos?|e\.g\.|p\.[ \t]?ej\.?|sample|muestra|famous|famos[ao]s?|comic|c[oó]mic|xkcd|meme"
    r"|vi[ñn]eta|textbook|de[ \t]+libro)\b)")
_NOT_TO_USE_RE: Final = re.compile(
    r"(?i:\b(?:(?:do[ \t]+not|don['’]t|never|should[ \t]+not|shouldn['’]t|must[ \t]+not|mustn['’]t|not[ \t]+to)[ \t]+(?:(?:ever|actually|really)[ \t]+)?use"
    r"|avoid|no[ \t]+(?:(?:la|lo|las|los|me|te)[ \t]+)?(?:uses|usar|uséis|use|usen|utilices|pongas)"
    r"|nunca[ \t]+(?:(?:la|lo|las|los)[ \t]+)?(?:uses|usar|use|usen|utilices|pongas)|evit\w*"
    # Stop 47: said of every reader ("nobody should use it", "no one should ever use", "nadie debe usarla").
    r"|(?:nobody|no[ \t\-]one)[ \t]+(?:should|must)[ \t]+(?:(?:ever|actually|really)[ \t]+)?use"
    r"|nadie[ \t]+(?:deber[ií]a|debe|debiera)[ \t]+(?:(?:nunca|jam[aá]s)[ \t]+)?(?:usar|utilizar)\w*)\b)")


def policy_pattern(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` a regular expression (two constructs or more, no white space)?"""
    value = text[start:end].strip("'\"`/")
    if len(value) < 6 or any(c.isspace() for c in value):
        return False
    return sum(1 for part in _REGEX_PARTS if part.search(value)) >= 2


#: Stop 47 (sec47, k95-274): a field whose own name says its value is a reference — a key ending in "_desde",
#: "_from", "_ref", "_source", "_env", "_var" (or "From", "Ref", "Source" as a camel-case hump, "secretRef",
#: "valueFrom", "from_vault") — followed on its line by an environment variable's name (upper case, digits and
#: underscores, an optional "$") or a store's path: where the password lives, not the password.
_REFERENCE_KEY_RE: Final = re.compile(
    r"(?:[_\-.](?i:desde|from|ref|reference|source|src|origen|fuente|env|var|variable)|(?:From|Ref|Source|Env))"
    r"[\"']?[ \t]*[:=][ \t]*[\"']?$")
_ENV_NAME_RE: Final = re.compile(r"\$?\{?[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\}?|\$?\{?[A-Z]{3,}[0-9]*\}?")
_STORE_PATH_RE: Final = re.compile(r"[A-Za-z0-9_\-.]+(?:/[A-Za-z0-9_\-.#]+){1,8}")


def named_by_reference(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` a variable's name or a store's path under a field named as a reference?"""
    value = text[start:end]
    if _ENV_NAME_RE.fullmatch(value) is None and _STORE_PATH_RE.fullmatch(value) is None:
        return False
    line_start = text.rfind("\n", 0, start) + 1
    return _REFERENCE_KEY_RE.search(text, max(line_start, start - 64), start) is not None


def source_reference(text: str, start: int, end: int) -> bool:
    """Does ``text[start:end]`` name where a config value comes from?"""
    value = text[start:end]
    if named_by_reference(text, start, end):
        return True
    m = _SOURCE_WORD_RE.fullmatch(value)
    if m is not None:
        word = (m.group("w") or m.group("c") or "").lower()
        return word in _SOURCE_WORDS
    m = _SOURCE_SCHEME_RE.fullmatch(value)
    return m is not None and (not any(c.isdigit() for c in m.group("name")) or m.group("name").isupper()
                              or "_" in m.group("name") or "/" in m.group("name"))

#: Forty-fifth round: a value said not to be real by itself — only an example ("solo de ejemplo", "just an
#: example", "for illustration only") or one not to use *actually* ("please don't actually use it", "no la
#: uses de verdad"): "actually" says the value was never meant as one, where a bare "don't use it" may
#: forbid a real password elsewhere ("no la uses en otras webs").
_NOT_REAL_RE: Final = re.compile(
    r"(?i:\b(?:(?:just|only|merely|purely)[ \t]+(?:an?[ \t]+|as[ \t]+an?[ \t]+|for[ \t]+)?(?:example|illustration|sample)"
    r"|(?:example|sample)[ \t]+only|for[ \t]+illustration|s[oó]lo[ \t]+(?:de|como|es[ \t]+un|un|para|por)[ \t]+(?:ejemplo|ilustrar)"
    r"|a[ \t]+modo[ \t]+de[ \t]+ejemplo|de[ \t]+ejemplo[ \t]+nada[ \t]+m[aá]s"
    r"|(?:do[ \t]+not|don['’]t)[ \t]+(?:actually|really)[ \t]+use|no[ \t]+(?:la|lo|las|los)[ \t]+(?:uses|usen|utilices)[ \t]+(?:de[ \t]+verdad|en[ \t]+serio)"
    # Stop 47 (k93-126): no one at all is to *actually* use it — "nobody should actually use it", "no one is
    # really supposed to use", "nadie debería usarla de verdad", "que nadie la use en serio"; a bare "nobody should
    # use it on shared machines" may restrict a real password and needs an example word (``_NOT_TO_USE_RE``).
    r"|(?:nobody|no[ \t\-]one)[ \t]+(?:should|must|would|is[ \t]+(?:meant|supposed)[ \t]+to)[ \t]+(?:actually|really)[ \t]+use"
    r"|nadie[ \t]+(?:deber[ií]a|debe|debiera)[ \t]+(?:usar|utilizar)(?:la|lo|las|los)?[ \t]+(?:de[ \t]+verdad|en[ \t]+serio)"
    r"|nadie[ \t]+(?:(?:la|lo|las|los)[ \t]+)?(?:use|usa|usar[ií]a|utilice)[ \t]+(?:de[ \t]+verdad|en[ \t]+serio))\b)")
#: Forty-fifth round: a value named as a *kind* of password — right after it "-style", "-type", "-like"
#: ("'Summer2024!'-style passwords"), or right before it a plural of passwords or patterns and "like",
#: "such as", "del tipo", "como", or "del tipo"/"al estilo de" alone ("passwords like …", "contraseñas del
#: tipo …", "guesses things like …"): a pattern an attacker or a policy names, not a value.
_STYLE_AFTER_RE: Final = re.compile(r"[\"'`”’»]?(?:[ \t]*-[ \t]*(?i:style|type|like|ish)|[ \t]+(?i:style|estilo))\b")
_STYLE_BEFORE_RE: Final = re.compile(
    r"(?i:(?:\b(?:passwords|passphrases|passcodes|pins|contrase[ñn]as|claves|frases|patterns?|patrones|guesses|combinations"
    r"|combinaciones|things|stuff|ones|words|strings|cosas|palabras|cadenas)[ \t]+(?:like|such[ \t]+as|as|como|tipo|del[ \t]+tipo"
    r"|al[ \t]+estilo(?:[ \t]+de)?|del[ \t]+estilo(?:[ \t]+de)?)|\bdel[ \t]+tipo(?:[ \t]+de)?|\bal[ \t]+estilo(?:[ \t]+de)?)"
    r"[ \t]*[\"'`“‘«]?$)")
#: Forty-fifth round: a GnuPG key id (8, 16 or 40 hex digits, "0x" or not) on a gpg command's line or after
#: "key id": the name of a key in a keyring, printed by ``gpg --list-keys``, not the key.
_KEY_ID_RE: Final = re.compile(r"(?:0x)?(?:[0-9A-Fa-f]{40}|[0-9A-Fa-f]{16}|[0-9A-Fa-f]{8})")
_KEY_ID_CONTEXT_RE: Final = re.compile(r"(?i:\bgpg2?\b|\bpgp\b|\bkey[ \t_\-]?id\b|\bkeyid\b|\bid[ \t]+de[ \t]+(?:la[ \t]+)?clave\b)")


def _sentence_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    lo = max(0, start - 160)
    for m in _SENTENCE_BREAK_RE.finditer(text, lo, start):
        lo = m.end()
    stop = _SENTENCE_BREAK_RE.search(text, end, min(len(text), end + 160))
    return lo, stop.start() if stop else min(len(text), end + 160)


def _sentence(text: str, start: int, end: int) -> str:
    lo, hi = _sentence_bounds(text, start, end)
    return text[lo:hi]


def factory_default(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` a vendor's default value, cited from its manual or label?"""
    if text[start:end].lower() not in _DEFAULT_VALUES:
        return False
    sentence = _sentence(text, start, end)
    return _DEFAULT_WORD_RE.search(sentence) is not None and _DEFAULT_SOURCE_RE.search(sentence) is not None


def room_key(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` a room's or a calendar's name after its "clave"?"""
    value = text[start:end]
    if " " not in value.strip() or not value[:1].isupper():
        return False
    return _ROOM_KEY_RE.search(text, max(0, start - 80), start) is not None


def spacing_described(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` words on a passphrase's spacing with an alternative or a negation?"""
    value = text[start:end]
    if "," in value:
        return False  # a value spelled out piece by piece
    words = [w.lower() for w in re.findall(r"[^\W\d_]+", value)]
    return (len(words) >= 3 and any(w in _SPACING_WORDS for w in words)
            and any(w in _ALTERNATIVE_WORDS for w in words))


_POSTCODE_RE: Final = re.compile(r"(?:0[1-9]|[1-4]\d|5[0-2])\d{3}")
_STREET_RE: Final = re.compile(
    r"(?i:\b(?:calle|c/|avenida|avda\.?|av\.|plaza|pza\.?|paseo|camino|carretera|ronda|traves[ií]a|glorieta|street"
    r"|road|avenue|lane)[ \t]+[^\n\d]{1,40}?[ \t]\d{1,4}\b)")
_DIAL_RE: Final = re.compile(
    r"(?i:\b(?:teclea\w*|tecl[eé]a\w*|marca\w*|m[aá]rca\w*|pulsa\w*|introduce\w*|type|enter|dial|punch|key[ \t]+in)\b)")
_REFERENCE_LABEL_RE: Final = re.compile(
    r"(?i:\b(?:referencia|reference|ref\.?|localizador|order[ \t]+(?:id|number|no\.?|\#)|n[ºo°]\.?[ \t]+de[ \t]+pedido"
    r"|pedido|booking|reserva|tracking|seguimiento|concepto|invoice|factura|transaction[ \t]+id|id[ \t]+de[ \t]+transacci[oó]n)"
    r"(?:[ \t]+(?:de|del|de[ \t]+la|of|of[ \t]+the|for|para|la|el|the)?[ \t]*[^\W\d_]+){0,3}[ \t]*[:#=][ \t]*[\"'“«]?$)")
_KEY_WORD_RE: Final = re.compile(r"(?i:\b(?:key|keys|api|login|llave|acceso|access)\b)")


def street_postcode(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` an address's postcode after its street and number?"""
    if _POSTCODE_RE.fullmatch(text[start:end]) is None:
        return False
    if _STREET_RE.search(text, max(0, start - 120), start) is None:
        return False
    return _DIAL_RE.search(_sentence(text, start, end)) is None


def payment_reference(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` a payment's, order's or booking's reference given under its label?"""
    line_start = text.rfind("\n", 0, start) + 1
    if _REFERENCE_LABEL_RE.search(text[max(line_start, start - 80):start]) is None:
        return False
    around = text[max(0, start - 300):end + 300]  # a long text costs no more per span
    return MENTIONED_RE.search(around) is None and _KEY_WORD_RE.search(around) is None


def _base64_text(value: str, *, shortest: int) -> str | None:
    """``value`` decoded as base64 to UTF-8 text, if it is at least ``shortest`` long and well formed."""
    if len(value) < shortest or len(value) % 4 or _B64_RE.fullmatch(value) is None:
        return None
    try:
        return base64.b64decode(value, validate=True).decode("utf-8")
    except (binascii.Error, ValueError):  # UnicodeDecodeError is a ValueError
        return None


def encoded_words(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` base64 of plain words, in a text with no credential word or giving them?"""
    decoded = _base64_text(text[start:end], shortest=12)
    if decoded is None or _WORDS_RE.fullmatch(decoded.strip()) is None:
        return False
    # The text around it (three hundred characters each side: a long text costs no more per span).
    around = text[max(0, start - 300):start] + " " + text[end:end + 300]
    return MENTIONED_RE.search(around) is None or decoded.strip().lower() in around.lower()


#: Stop 47 (k93-095): a Basic credential whose decoding is the two words of a template, "user:password"
#: ("usuario:contraseña", "username:pass", "foo:bar"): how the header is built, said in a tutorial, no one's login.
_PAIR_USERS: Final = frozenset("user username usuario nombre name login foo".split())
_PAIR_PASSWORDS: Final = frozenset("password pass passwd pwd contraseña contrasena clave secret secreto bar".split())


def template_pair(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` base64 of a template's "user:password" pair (see above)?"""
    decoded = _base64_text(text[start:end], shortest=8)
    if decoded is None:
        return False
    user, colon, password = decoded.partition(":")
    return bool(colon) and user.lower() in _PAIR_USERS and password.lower() in _PAIR_PASSWORDS


#: Stop 47 (k93-133): a value its sentence names as *the* example of a published work — an example as a noun
#: ("el ejemplo del cómic", "the classic example", "como ejemplo", not "por ejemplo"/"for example", which
#: introduce a case of the writer's own) and a comic, a tutorial, a README, a book, an article, an RFC or a meme
#: it comes from: every reader of that work has seen it; the writer holds no such secret.
_EXAMPLE_NOUN_RE: Final = re.compile(
    r"(?i:\b(?:el|un|del|al|este|ese|the|an|this|that|its|su|como|as[ \t]+an?|classic|cl[aá]sico|famous|famoso|typical"
    r"|t[ií]pico|well[ \-]known)[ \t]+(?:[^\W\d_]+[ \t]+)?(?:ejemplo|example)s?\b(?!\.\w))")
_PUBLISHED_WORK_RE: Final = re.compile(
    r"(?i:\b(?:comic|c[oó]mic|xkcd|vi[ñn]eta|tutorial|readme|textbook|libro|book|art[ií]culo|article|rfc|meme)\b)")


def example_of_a_published_work(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` named in its sentence as the example of a published work (see above)?"""
    sentence = _sentence(text, start, end)
    return _EXAMPLE_NOUN_RE.search(sentence) is not None and _PUBLISHED_WORK_RE.search(sentence) is not None


def _sentence_and_next(text: str, start: int, end: int) -> str:
    """The value's sentence and the one after it ("… is X. Please don't actually use it.")."""
    lo, hi = _sentence_bounds(text, start, end)
    if hi >= len(text):
        return text[lo:hi]
    next_lo, next_hi = _sentence_bounds(text, hi + 1, hi + 1)
    return text[lo:hi] + " " + text[next_lo:next_hi]


def example_not_to_use(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` given as an example and as one not to use (its sentence and the next)?"""
    said = _sentence_and_next(text, start, end)
    return _EXAMPLE_RE.search(said) is not None and _NOT_TO_USE_RE.search(said) is not None


def said_not_real(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` said to be only an example, or not to be actually used (its sentence and the next)?"""
    return _NOT_REAL_RE.search(_sentence_and_next(text, start, end)) is not None


def named_as_a_kind(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` named as a style or pattern of password ("X-style", "passwords like X")?"""
    return (_STYLE_AFTER_RE.match(text, end) is not None
            or _STYLE_BEFORE_RE.search(text[max(0, start - 48):start]) is not None)


def key_id(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` a GnuPG key id on a gpg command's line or after "key id"?"""
    value = text[start:end]
    if _KEY_ID_RE.fullmatch(value) is None:
        return False
    line_start = text.rfind("\n", 0, start) + 1
    before = text[max(line_start, start - 160):start].rstrip(" \t'\"=")
    option = before[before.rfind(" ") + 1:].lower()  # "--passphrase 0a1b2c3d": a passphrase, not an id
    if "pass" in option or "pin" in option or "secret" in option and "keys" not in option:
        return False
    return _KEY_ID_CONTEXT_RE.search(before) is not None


def no_value(text: str, start: int, end: int) -> bool:
    """Any of the classes above."""
    return (policy_pattern(text, start, end) or source_reference(text, start, end) or factory_default(text, start, end)
            or room_key(text, start, end) or spacing_described(text, start, end) or encoded_words(text, start, end)
            or street_postcode(text, start, end) or payment_reference(text, start, end)
            or example_not_to_use(text, start, end) or said_not_real(text, start, end)
            or named_as_a_kind(text, start, end) or key_id(text, start, end) or template_pair(text, start, end)
            or example_of_a_published_work(text, start, end))
