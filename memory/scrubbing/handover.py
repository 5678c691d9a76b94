"""How people hand a password or a code over in speech-like prose (eighteenth round).

Every new author words it another way, so these frames key on what does not change: the sentence
says it is about a password (or names a lock and what is done to it), and the value has a
credential's shape wherever it stands in that sentence.

* **A password sentence's credential.** In a sentence (up to ``.``/``!``/``?`` and a space, or a
  line end; a label closing its line with a colon runs on into the next) that names a password
  (password, passwd, pwd, pw, passphrase, contraseña, clave, senha), a strong credential — lower-case
  letters, digits and a symbol or an inner capital, not a version, UUID, address, URL or path — is
  the password, before the word or after it, however far ("the password …, which is X",
  "X — that's the router password", "set the password as X — …", "dejé la contraseña en X", "use X
  when it asks for the password", "pw reversed: 8102-nomeL"); a quoted or bracketed value needs
  letters and digits only ("her password, "tulip77", …"). Not when an identifier's noun (user,
  usuario, ticket, order, pedido, id, ref, account, host …) names the token, nor in a sentence
  that only describes passwords (hint, policy, reset link: ``DESCRIBING_WORDS`` right before the
  password word). Nineteenth round: the token must be the value the sentence *gives*, linked to
  the password word — a colon, ``=``, an arrow or a dash; a copula (is, was, es, era, ended up
  being, turned out to be, stays, quedó); a preposition only after a verb of setting ("set the
  password to X", "dejé la contraseña en X"); a quoted apposition ('her password, "X", …'); a
  verb of handing or keying taking it as object ("use X", "me dio X"); or, before the word, a
  copula or a demonstrative taking it up. A token after its own noun or a preposition ("the
  entry X", "see runbook X", "desde el host X") is something else's name, whatever its shape.
* **A lock's code by what is done with it.** A sentence naming a lock or keypad (door, gate,
  portal, alarm, safe, locker, padlock, garage, keypad, intercom, bank card, ATM, SIM; Spanish
  too), with a verb of keying or disarming (enter, type, key in, punch in, use, disarm, open;
  teclear, marcar, introducir, usar, poner, desactivar, abrir) or the code word stated of the
  digits ("5183 is the locker code", "7721, ese es el código de la alarma"): the 4–8 digits it
  governs are the code. A phone or an extension is no lock ("dial 1478 from any phone").
* **A mistyped AWS access key ID.** ``AKIA`` never starts an ordinary word, so ``AKIA`` and 12 to 20
  upper-case letters and digits is a key ID copied with a character lost or doubled (the published
  format has exactly 16 after it; the vendor rule keeps that one).
* **A secret-named key and its value as a call's or element's arguments**: ``set("hmacKey",
  "ab67…")``, ``<add key="ApiKey" value="…"/>`` (.NET's appSettings) — a quoted name ending in
  key/secret/token/password and a quoted value of 16+ characters with letters and digits; names of
  public keys (cache, sort, partition, routing, idempotency, id …) stay.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from typing import Final

from memory.scrubbing.codes import postal_pin
from memory.scrubbing.kinds import _Span
from memory.scrubbing.measures import _entropy, _has_digit, described_before, labels_a_public_key
from memory.scrubbing.prose import _UUID_RE, _VERSION_RE, _strong_credential

_SENTENCE_RE: Final = re.compile(r"(?:[^\n.!?]|[.!?](?!\s)|:[ \t]*\r?\n)+")
_PW_WORD_RE: Final = re.compile(  # read on the lower-cased text
    # "palabra clave" is a keyword, a search term, not a password (as in keywords.py)
    r"(?<![\w/\-])(?:pass(?:word|wd|phrase)|pwd|pw|contrase(?:ñ|n)a|(?<!palabra )(?<!palabras )clave|senha)(?![a-z/_\-])")
# A token before the password word is its value when the two are one clause ("X es la clave del
# correo", '"X" is what I set as the password') or a demonstrative takes it up after a dash or a
# comma ("X — that's the wifi password", "X, esa es la contraseña"); another clause between (";",
# "(", "— the password is on the fridge") is about something else, such as a network's name.
_TAKEN_UP_RE: Final = re.compile(
    r"[\"'»”\]]?[ \t]*[,—–:\-][ \t]*(?:that['’]s|that[ \t]+is|this[ \t]+is|it['’]s|it[ \t]+is|es[ae]?[ \t]+es|est[ae][ \t]+es)\b")
_TOKEN_RE: Final = re.compile(
    r"(?<![\w\[])(?:\"(?P<dq>[^\"\n]{4,64})\"|'(?P<sq>[^'\n]{4,64})'|“(?P<cq>[^”\n]{4,64})”"
    r"|«(?P<gq>[^»\n]{4,64})»|\[(?P<bk>[^\]\n\s]{4,64})\]|(?P<bare>[^\s\"'`<>«»“”()\[\]]{6,40})"
    r"(?![^\s\"'`<>«»“”()\[\]]))")
_NAMING_NOUN_RE: Final = re.compile(  # read on the lower-cased text, right before the token
    r"(?:\b(?:user(?:name)?|usuari[oa]|login|account|cuenta|email|e-mail|correo|ticket|order|pedido|invoice"
    r"|factura|id|ref|reference|referencia|host|hostname|server|servidor|entry|entrada|file|archivo|fichero"
    r"|branch|rama|tag|version|versi[oó]n|model|modelo|sku|serial|n[uú]mero|number|called|named|llamad[oa]"
    r"|name|nombre|network|red|ssid|llama|collection|colecci[oó]n|folder|carpeta|vault|b[oó]veda)"
    r"(?:[ \t]+(?:is|es|was|era))?|\bno|\bnot)[ \t:#]*$")
# Words that make the password word's sentence about a public key, a hash or an example, not a
# password given ("clave pública SSH", "password_hash", "example password").
_NOT_GIVEN: Final[frozenset[str]] = frozenset(
    """pública publica público publico public publishable publicable usuario username ssh gpg pgp huella fingerprint hash hashes
    example examples ejemplo ejemplos sample muestra""".split())
# A command-line option's value belongs to that option ("--region eu-west-1"); secret-named options
# are the keyword finder's.
_OPTION_RE: Final = re.compile(r"(?<!\S)--?[a-z][\w\-]*(?:[ \t]+|=)$")
_TRAIL: Final = ".,;:!?)]}—–"


def _credential(value: str, quoted: bool) -> bool:
    if quoted:
        if " " in value or "[REDACTED:" in value or "@" in value or "://" in value:
            return False
        if _VERSION_RE.fullmatch(value) or _UUID_RE.fullmatch(value):
            return False
        return _has_digit(value) and sum(c.isalpha() for c in value) >= 3 and len(value) >= 6
    if value.startswith("-") or ":" in value or sum(c.isalpha() for c in value) < 3:
        return False  # a command's option, a labelled digest ("SHA256:…"), a hash's prefix
    return len(value) >= 6 and _strong_credential(value) and "/" not in value and "\\" not in value


def _find_sentence_credentials(text: str, lower: str) -> Iterator[_Span]:
    """A strong credential anywhere in a sentence that names a password (see the module docstring)."""
    if not any(h in lower for h in ("pass", "pw", "contrase", "clave", "senha")):
        return
    for sentence in _SENTENCE_RE.finditer(lower):
        s_start, s_end = sentence.span()
        words = list(_PW_WORD_RE.finditer(lower, s_start, s_end))
        starts = [w.start() for w in words]
        if not words or all(_describing(lower, s_start, w.start(), w.end()) for w in words):
            continue
        if _EXAMPLE_RE.search(lower, s_start, s_end):
            continue  # a sentence that declares its values examples
        for m in _TOKEN_RE.finditer(text, s_start, s_end):
            group = next(g for g in ("dq", "sq", "cq", "gq", "bk", "bare") if m.group(g) is not None)
            start = m.start(group)
            value = text[start:m.end(group)]
            if group == "bare":
                value = value.rstrip(_TRAIL)
            i = bisect_right(starts, start)  # words[i] is the first password word after the token
            if i and start < words[i - 1].end():
                continue  # the password word itself
            after = words[i] if i < len(words) else None
            if words[0].start() > start and after is not None and not _one_clause(lower, start + len(value), after.start()):
                continue
            if _NAMING_NOUN_RE.search(lower, max(s_start, start - 24), start) or _OPTION_RE.search(lower, max(s_start, start - 30), start):
                continue
            if i and described_before(lower, words[i - 1].start()):
                continue  # "… (id clave: X)": the password word right before it is about a password
            if i and _names_a_record(lower, words[i - 1].start(), words[i - 1].end()):
                continue  # "la clave de la asignatura es 'MAT101'": a record's code
            if "=" in value or (start + len(value) < len(text) and text[start + len(value)] == "="):
                continue  # another field's assignment; the keyword finder reads those
            if not _given(lower, s_start, start, start + len(value), words, i):
                continue
            if _credential(value, quoted=group != "bare"):
                yield start, start + len(value), "password"


def _one_clause(lower: str, end: int, word_start: int) -> bool:
    """Do the token ending at ``end`` and the password word at ``word_start`` share a clause?"""
    between = lower[end:word_start]
    if not any(c in between for c in ",;:()—–-"):
        return True
    return ";" not in between and "(" not in between and _TAKEN_UP_RE.match(between) is not None


# Nineteenth round: the token must be the value the sentence gives, not merely share a sentence with
# a password word. After the word: a link closes the gap between them (a colon, "=", an arrow or a
# dash; a copula "is/was/es/era/será"; "as/como/to/a/en" after a verb of setting; "'s"), or a verb of
# handing or keying takes the token as its object ("use X", "type X", "usa X", "me dio X"). Before
# the word: the token is the subject of a copula or taken up by a demonstrative ("X is the …",
# "X es la …", "X — that's the …", '"X" is what I set as the password'), or the object of such a
# verb ("use X when it asks for the password"). A token after a preposition or a noun of its own
# ("the entry X", "see runbook X", "desde el host X", "for svc_x") is something else's name.
_GIVING_VERB: Final = (r"(?:use|uses|used|using|type|typed|enter|entered|try|tried|put|set|sets|gave|give|sent|send|told|tell"
                       r"|texted|write|wrote|changed|reset|key|punch|usa|usar|usaba|uso|usé|use|pon|poner|puse|puso|escribe"
                       r"|escribir|escribió|teclea|teclear|introduce|introducir|mete|meter|prueba|probar|cambié|cambió|cambia"
                       r"|dej[eéoó]|dejar|me[ \t]+(?:dio|dijo|pas[oó]|mand[oó]|envi[oó]|dict[oó])|le[ \t]+(?:di|dije|pas[eé]|mand[eé]))")
_LINK_AFTER_RE: Final = re.compile(  # the gap between the password word and a token after it, lower-cased
    r"(?:[:=→]|->|=>|[—–\-]|\b(?:is|was|are|were|será|sera|sería|seria|es|era|fue|queda|quedó|quedo|becomes|became"
    r"|is[ \t]+now|es[ \t]+ahora|now|ahora|just|simplemente|still|sigue[ \t]+siendo|reversed|al[ \t]+rev[eé]s|backwards"
    r"|be|being|stays|stayed|remains|remained|ser|siendo|sigue)"
    r"|['’]s|(?P<prep>\b(?:as|como|to|a|en|with|con))|\b" + _GIVING_VERB + r"(?:[ \t]+(?:it|me|him|her|us|la|lo|le|me))?)"
    r"[ \t]*(?:(?:the|el|la|just|solo|sólo|literally|literalmente)[ \t]+)?[\"'«“\[]?[ \t]*$")
_LINK_BEFORE_RE: Final = re.compile(  # the gap between a token and the password word after it, lower-cased
    r"[\"'»”\]]?[ \t]*[,—–:\-]?[ \t]*(?:(?:is|was|es|era|fue|será|sera|sería|seria|that['’]s|that[ \t]+is|this[ \t]+is"
    r"|it['’]s|it[ \t]+is|es[ae]?[ \t]+es|est[ae][ \t]+es|are|son|becomes)\b|[—–\-])")
# A preposition links a value only after a verb of setting ("set the password to X", "cambié la clave
# a X", "dejé la contraseña en X"); otherwise it opens a phrase of its own ("… dejó de salir en host7").
_SETTING_RE: Final = re.compile(r"\b(?:set|sets|changed?|changing|updated?|reset|put|cambi\w*|dej\w*(?![ \t]+de\b)|pus[eo]|pon\w*"
                                r"|actualiz\w*|configur\w*|establec\w*|qued\w*|ended|acab\w*)\b")
_GIVING_BEFORE_RE: Final = re.compile(r"\b" + _GIVING_VERB + r"[ \t]*[\"'«“]?[ \t]*$")


def _given(lower: str, s_start: int, start: int, end: int, words: list[re.Match[str]], i: int) -> bool:
    """Is the token at ``[start, end)`` the value its sentence gives (see ``_LINK_AFTER_RE``)?"""
    if i:
        # The link stands right before the token: a bounded window keeps this linear in the sentence.
        link = _LINK_AFTER_RE.search(lower, max(words[i - 1].end(), start - 60), start)
        if link is not None and (link.group("prep") is None or _SETTING_RE.search(
                lower, max(words[i - 1].end(), link.start() - 25), link.start())
                or _SETTING_RE.search(lower, max(s_start, words[i - 1].start() - 30), start)
                and start - words[i - 1].end() <= 30):
            return True
        if lower[max(words[i - 1].end(), start - 8):start].rstrip(" \t\"'«“").endswith(",") and lower[start - 1] in "\"'«“":
            return True  # a quoted apposition: 'her password, "tulip77", is …'
    if _GIVING_BEFORE_RE.search(lower, max(s_start, start - 30), start):
        return True
    return i < len(words) and _LINK_BEFORE_RE.match(lower, end, min(words[i].start(), end + 40)) is not None


_EXAMPLE_RE: Final = re.compile(r"\b(?:examples?|ejemplos?|samples?|muestra|placeholder|dummy|demo)\b")


def _describing(lower: str, s_start: int, w_start: int, w_end: int) -> bool:
    """Is the password word described rather than given: the complement of a describing noun ("la
    pista de la contraseña"), followed by one ("password policy", "password reset"), or near a word
    of public keys, hashes and examples ("clave pública SSH", "password_hash")?"""
    before = [w.strip(".,;:()") for w in lower[max(s_start, w_start - 25):w_start].replace("-", " ").split()]
    after = [w.strip(".,;:()") for w in lower[w_end:w_end + 25].replace("-", " ").replace("_", " ").split()]
    return (described_before(lower, w_start) or any(w in _ABOUT_AFTER for w in after[:1])
            or _names_a_record(lower, w_start, w_end)
            or any(w in _NOT_GIVEN for w in before[-3:] + after[:3])
            or labels_a_public_key(lower, w_end))



# Twenty-fourth round: "clave" whose complement is a record — a course or subject, a file, an order,
# an invoice, an article, a product, a register entry, a reference, a cadastral parcel, a shipment
# ("la clave de la asignatura … es 'MAT101'", "clave del expediente") — is that record's code, as the
# keyword finder already reads it (``vocabulary.WEAK_LABEL``); the person nouns ("clave del usuario",
# "del cliente") are left out here, since a user's key is a password.
_RECORD_COMPLEMENT_RE: Final = re.compile(
    r"[ \t]+del?[ \t]+(?:la[ \t]+|el[ \t]+|los[ \t]+|las[ \t]+)?(?:asignatura|materia|curso|expediente|pedido|factura"
    r"|art[ií]culo|producto|registro|referencia|catastro|seguimiento|rastreo|env[ií]o)s?\b")



def _names_a_record(lower: str, w_start: int, w_end: int) -> bool:
    """Is the password word at ``[w_start, w_end)`` "clave" of a record (see above)?"""
    return lower.startswith("clave", w_start) and _RECORD_COMPLEMENT_RE.match(lower, w_end) is not None


# A noun right after the password word that makes it a modifier: the talk is about the policy, the
# reset, the manager, not a password given.
_ABOUT_AFTER: Final[frozenset[str]] = frozenset(
    """policy policies hint hints reset resets manager managers length expiry expiration rules rule
    requirements requirement change changes generator strength field prompt screen link recovery
    protected protection hash type folder folders entry entries vault reminder reminders day list
    file sheet spreadsheet notebook section""".split())


_LOCK_RE: Final = re.compile(  # read on the lower-cased text
    r"\b(?:door|front\s+door|gate|portal|alarm|safe|locker|padlock|lock|garage|keypad|intercom|buzzer"
    r"|bank\s+card|debit\s+card|credit\s+card|card|atm|sim|building|puerta|port[oó]n|alarma|caja\s+fuerte"
    r"|taquilla|candado|cerradura|garaje|teclado|portero|telefonillo|tarjeta|cajero|edificio|trastero|buz[oó]n)\b")
_KEYED_RE: Final = re.compile(  # read on the lower-cased text
    r"\b(?:disarm|deactivate|enter|type|key\s+in|punch\s+in|use|open|unlock|desactiv\w*|desarm\w*|tecle\w*"
    r"|marc[ae]\w*|introduc\w*|usa|usar|pon|poner|abre|abrir)[ \t]+"
    # the lock itself may stand between the verb and "with" ("disarm the alarm with …")
    r"(?:(?:it|la|lo)[ \t]+|(?:[^\W\d_]+[ \t]+){1,3}?(?=(?:with|con)[ \t]))?"
    r"(?:(?:with|con)[ \t]+)?(?:(?:the|el|la|its|su)[ \t]+)?"
    r"(?:(?:code|c[oó]digo|pin|combination|combinaci[oó]n|clave)[ \t]+)?(?P<v>\d{4,8})"
    # not a price, nor a number a clause gives another role ("use 2025 as the year")
    r"(?![\d\-/.:,]\d|[ \t]*(?:€|eur|\$|%)|[ \t]+(?:as|como)\b)")
_STATED_RE: Final = re.compile(  # read on the lower-cased text
    r"(?<![\w\-/.:])(?P<v>\d{4,8})(?![\w\-/.:])[ \t]*[,—–\-]?[ \t]*(?:is|was|(?:that|this)['’]s|(?:that|this)[ \t]+is"
    r"|es|era|(?:ese|este|esa|esta)[ \t]+es)[ \t]+(?:the|el|la|my|mi|our|nuestro|nuestra|tu|your)[ \t]+"
    r"(?:(?:\w+[ \t]+){0,2})?(?:code|c[oó]digo|pin|passcode|combination|combinaci[oó]n)\b")


def _find_lock_codes(text: str, lower: str) -> Iterator[_Span]:
    """Digits keyed into, or stated as the code of, a lock named in the same sentence."""
    if not any(c.isdigit() for c in text):
        return
    for sentence in _SENTENCE_RE.finditer(lower):
        s_start, s_end = sentence.span()
        if _LOCK_RE.search(lower, s_start, s_end) is None:
            continue
        for rx in (_KEYED_RE, _STATED_RE):
            for m in rx.finditer(lower, s_start, s_end):
                if not postal_pin(lower, m.group("v")):
                    yield m.start("v"), m.end("v"), "password"


_AKIA_RE: Final = re.compile(r"(?<![A-Za-z0-9])AKIA(?:[A-Z0-9]{12,15}|[A-Z0-9]{17,20})(?![A-Za-z0-9])")


def _find_mistyped_key_ids(text: str, lower: str) -> Iterator[_Span]:
    """``AKIA`` and 12–20 upper-case letters and digits (see the module docstring)."""
    if "AKIA" not in text:
        return
    for m in _AKIA_RE.finditer(text):
        if _has_digit(m.group()[4:]):
            yield m.start(), m.end(), "aws_access_key"


_ARGUMENT_PAIR_RE: Final = re.compile(
    r"[\"'](?P<name>[A-Za-z][\w.\-]{0,40}?(?:key|Key|KEY|secret|Secret|SECRET|token|Token|TOKEN|password|Password"
    r"|PASSWORD|pwd|Pwd))[\"'][ \t]*(?:,|[ \t]+value[ \t]*=)[ \t]*[\"'](?P<v>[^\"'\s]{16,256})[\"']")
_PUBLIC_NAME_RE: Final = re.compile(
    r"(?i:cache|sort|partition|routing|idempot|primary|foreign|public|dedup|object|lookup|map|hash|row|id$|type|name)")


def _find_argument_pairs(text: str, lower: str) -> Iterator[_Span]:
    """A secret-named key and its value as quoted arguments (see the module docstring)."""
    if "key" not in lower and "secret" not in lower and "token" not in lower and "pass" not in lower:
        return
    for m in _ARGUMENT_PAIR_RE.finditer(text):
        name, value = m.group("name"), m.group("v")
        if _PUBLIC_NAME_RE.search(name[:-3] if name.lower().endswith("key") else name):
            continue
        if _has_digit(value) and any(c.isalpha() for c in value) and _entropy(value) >= 3.0:
            yield m.start("v"), m.end("v"), "password"


FINDERS: Final = (_find_sentence_credentials, _find_lock_codes, _find_mistyped_key_ids, _find_argument_pairs)
