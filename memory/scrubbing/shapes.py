"""Secrets recognised by their shape next to a label (issue 15, second round): what a person does
to a credential in prose rather than how a vendor formats it.

* a wallet seed written as a run of plain lower-case words after a seed/wallet/recovery word
  (12–24 words, no keyword grammar needed: "Trezor recovery for the cold wallet: zebra …");
* a passphrase in quotes (straight, curly or Spanish angle quotes «…», thirteenth round) after a
  password word ("la contraseña … es una frase, \"el gato …\""), or
  named a phrase with no verb ("usa como contraseña la frase «…»", thirteenth round),
  unless a describing word follows that word ('the password hint is "first pet + year"') or the
  quoted words are all common words and fillers ('his password is "the usual one"');
* a PIN or password spelled with spaces, hyphens or dots between single characters ("k 9 X m 2 Q v 7
  L z", "W-i-n-t-e-r-!-7") or
  spelled as number words ("cuatro-siete-dos-nueve") after a password/PIN word;
* a header whose name ends in ``-Key``/``-Token``/``-Secret`` ("Ocp-Apim-Subscription-Key: …"),
  unless the name says the key identifies a request or an entry ("Idempotency-Key", "X-Cache-Key",
  twenty-sixth round), and an ``Authorization`` scheme value in quotes;
* a vendor prefix followed by the token in space-separated chunks ("sk_live_ 51Hv 8Zq2 …");
* a safe or door "opens with 46-12-88", a PIN or passcode right after its label ("passcode 4821");
* a passphrase after ``passphrase:`` (or "secret phrase", "frase secreta", a bare "phrase"/"frase"
  naming what it unlocks: "la frase del VeraCrypt es …") up to the end of its clause; an arrow may
  stand for the colon ("master phrase → …", twenty-sixth round);
* a long hex blob after a key/secret label and a colon or "is"/"es", or right after the label
  word or two more ("Algolia admin key 4c9e…", "Clave HMAC 4c9e…"); the label word may be part of a
  snake_case name ("auth_key 4c9e…", thirteenth round); unless the label names a public digest, an
  id or a key that only identifies a row or an entry (cache, idempotency, partition, sort, primary,
  foreign, object, routing, dedup key — since the forty-fifth round that word must stand right before the
  label word or open what follows it, "cache key", "key for the cache": "the data key for the bucket
  objects (hex, 256-bit):" names what the key encrypts);
* a token of letters only right after a bare token label ("token fkjnFCZSbKjuWpkbJO is Leo's …",
  thirtieth round): 14–64 letters, both cases three times or more, a shape no camel-case or
  acronym-and-word split explains (``random_letters``).
* (thirty-seventh round) every passphrase label the phrase finder reads ("frase maestra", "master
  phrase", ``PHRASE_LABELS``) also labels a quoted value, and a relative clause saying who chose or
  uses the phrase may stand between that label and its copula (``RELATIVE_CLAUSE``: "La frase
  maestra que elegí para el gestor es «…»", "the master phrase she picked for the vault is …").
Each finder first checks a cheap hint in the lower-cased text, so ordinary text pays a few
substring tests.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from memory.scrubbing.codes import _ACCESS_OBJECTS, postal_pin
from memory.scrubbing.keywords import is_vague_description
from memory.scrubbing.kinds import _Span
from memory.scrubbing.measures import COMPARISON_WORDS, DESCRIBING_WORDS, closes_a_quote, described_before, in_a_prompt, is_question
from memory.scrubbing.phrases import HOLDERS

_SEED_HINTS: Final = ("seed", "semilla", "wallet", "monedero", "cartera", "recovery", "recuperaci", "mnemonic",
                      "trezor", "ledger", "metamask", "exodus", " words", " palabras")
_SEED_RUN_RE: Final = re.compile(r"(?<![\w-])(?:[a-z]{3,8} ){10,23}[a-z]{3,8}(?![\w-])")

_PW_WORD: Final = (r"(?:pass(?:word|phrase|code)|pwd|contrase(?:ñ|n)a|clave|frase|passcode|pin|puk|c[oó]digo|code"
                   r"|semilla|seed)")
# Thirty-seventh round: every passphrase label ``_PHRASE_VALUE_RE`` reads ("frase maestra", "frase de
# desbloqueo", "master/unlock/secret phrase") also labels a quoted value, whatever clause stands between
# ("La frase maestra que elegí para el gestor es «…»").
PHRASE_LABELS: Final = (r"|frase\s+(?:maestra|de\s+desbloqueo|de\s+contrase(?:ñ|n)a)"
                        r"|(?:secret|master|unlock|access|security)\s+phrase")
_QUOTED_WORD: Final = (r"(?:pass(?:word|phrase|code)|pwd|contrase(?:ñ|n)a|clave|passcode|pin|semilla|seed"
                       r"|frase\s+(?:para\s+desbloquear|de\s+acceso|de\s+paso|secreta|de\s+recuperaci[oó]n)"
                       + PHRASE_LABELS + ")")
_QUOTED_RE: Final = re.compile(
    r"(?i:\b" + _QUOTED_WORD + r"\b)(?P<label>[^\n\"“”«».]{0,60}?)(?i:\b(?:es|is|was|era|será|sera)\b|[:=])(?P<gap>[^\n\"“”«».]{0,25}?)"
    r"[\"“«](?P<v>[^\"“”«»\n]{6,80})[\"”»]")
# Thirteenth round: a password word, then the value named as a phrase and quoted, with no verb
# between ("usa como contraseña maestra la frase «el gato come sopa»", "her vault password is the
# sentence "we met in Lisbon in May"", "la clave del disco es una frase, "…""). Three words or more.
_NAMED_PHRASE_RE: Final = re.compile(
    r"(?i:\b(?:pass(?:word|phrase|code)|pwd|contrase(?:ñ|n)a|clave)\b)(?P<label>[^\n\"“”«».:;]{0,60}?)"
    r"(?i:\b(?:la|una|the|a)[ \t]+(?:frase|phrase|sentence|oraci[oó]n)\b)[ \t]*[,:]?[ \t]*"
    r"(?:\"(?P<dq>[^\"\n]{6,80})\"|“(?P<cq>[^”\n]{6,80})”|«(?P<gq>[^»\n]{6,80})»)")
# Twenty-eighth round: the words between a password label's connector and a quoted name that point
# at a record holding the password, as a password manager keeps it (an entry, an item, a note, a
# card) or tell the reader to look there ("password: ver entrada «…» en el gestor", 'see the item
# "…" in Bitwarden', "consulta la nota «…»"): the quotes hold the record's name, not the password.
_RECORD_POINTERS: Final = frozenset(
    """see ver véase vease mira mirar consulta consultar busca buscar check look lookup find open abre
    entrada entradas entry entries item items elemento elementos nota notas note notes registro
    record ficha tarjeta card""".split())
_QUOTED_HINTS: Final = ("pass", "pwd", "contrase", "clave", "pin", "semilla", "seed", "frase", "phrase")
_SPACED_HINTS: Final = ("pass", "contrase", "clave", "pin", "code", "token", "secret", "key", "c o n t r", "p a s s",
                        "p i n")
_SPACED_CHARS_RE: Final = re.compile(r"(?<!\S)(?:\S ){5,}\S(?!\S)")
# The same with a hyphen or a dot between the characters ("W-i-n-t-e-r-!-7", "x.o.x.b.-.4.8"): any
# character but the separator itself, six or more of them.
_SEPARATED_CHARS_RE: Final = re.compile(
    r"(?<![^\s:=(\"'])(?P<first>[^\s.\-·])(?P<sep>[.\-·])(?:(?!(?P=sep))\S(?P=sep)){4,}(?!(?P=sep))\S(?=[\s,;)\"']|$)")
_PW_LABEL_JOINED_RE: Final = re.compile(r"(?:pass|pwd|password|passcode|passphrase|contrase(?:ñ|n)a|clave|pin|puk|codigo|code"
                                        r"|token|secret|secreto|apikey|key)"
                                        r"(?P<tail>[a-zñ]{1,30})?(?P<conn>es|is|:|=)?$")
_NUMBER_WORD: Final = (r"(?:cero|uno|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|zero|one|two|three|four|five|six"
                       r"|seven|eight|nine|oh)")
_SPELLED_RE: Final = re.compile(
    r"(?i:\b(?:pin|puk|nip|c[oó]digo|code|clave|contrase(?:ñ|n)a|password|combinaci[oó]n|combination)\b)"
    r"[^\n.]{0,40}?(?i:\b(?:es|is|:|son|are)\b|:)\s*"
    r"(?P<v>(?i:" + _NUMBER_WORD + r")(?:[\s,-]+(?i:" + _NUMBER_WORD + r")){3,11})\b")
_KEY_HEADER_RE: Final = re.compile(
    r"\b(?:[A-Za-z][A-Za-z0-9]*-)+(?i:key|token|secret|signature|auth|apikey)\s*[:=]\s*[\"']?"
    r"(?P<v>[A-Za-z0-9+/=_\-.~]{16,})")
# Twenty-sixth round: a header whose name says its key identifies a request or an entry — the
# ``Idempotency-Key`` header (IETF httpapi draft "The Idempotency-Key HTTP Header Field"; Stripe,
# Adyen, PayPal) carries a client-chosen request id, and cache, partition, sort, routing or dedup
# keys name a row — holds an identifier, as ``keywords`` reads "Idempotency-Key" and the hex finder
# its label. "X-Api-Key", "Ocp-Apim-Subscription-Key" stay secrets.
_IDENTIFYING_HEADER_RE: Final = re.compile(
    r"(?<![A-Za-z0-9])(?i:(?:idempotency|cache|partition|sort|primary|foreign|object|routing|dedup(?:lication)?)-key"
    r"\s*[:=])")
_QUOTED_SCHEME_RE: Final = re.compile(
    r"(?i:authorization)\s*[:=]?\s*[\"']\s*(?i:basic|bearer|token|digest)\s+(?P<v>[A-Za-z0-9+/=._\-~]{8,})")
_CHUNKED_RE: Final = re.compile(
    r"\b(?:sk_live_|sk_test_|rk_live_|whsec_|gh[psor]_|github_pat_|xox[bpa]-|glpat-|AKIA|ASIA|key-)"
    r"(?P<v>(?:[ \t]+(?=[A-Za-z]*\d)[A-Za-z0-9]{2,8}){3,})")
_OPENS_WITH_RE: Final = re.compile(
    r"(?i:\b(?:safe|caja\s+fuerte|door|puerta|locker|taquilla|candado|padlock|lock|cerradura|alarm|alarma)\b)"
    r"[^\n.]{0,40}?(?i:\b(?:opens\s+with|se\s+abre\s+con|abre\s+con|unlocks\s+with|code\s+is|c[oó]digo\s+es)\b)\s*"
    r"(?P<v>\d{2,8}(?:[-\s]\d{2,8}){0,3})\b")
_BARE_PIN_RE: Final = re.compile(r"(?i:\b(?:passcode|pin|puk|nip)\b)\s+(?P<v>\d{4,8})\b(?![-/.:]\d)")
# The label word may end a snake_case name ("auth_key", "device_secret") or start one ("clave_aes").
# Seventeenth round: the value may be quoted, as JSON, YAML and INI write a string ('"auth_key":
# "9c…"'), and a label closing its line may state the value on the next one ("license key\n5e…").
# Thirty-seventh round, in sample (k62-148, k63-143): an arrow stands for the colon ("Clave HMAC para
# firmar → 73e6…"), as the keyword and phrase finders read it; and a seed of encryption ("semilla de
# cifrado", "encryption seed") labels its key as "clave" does.
_HEX_AFTER_LABEL_RE: Final = re.compile(
    r"(?i:(?:\b|(?<=_))(?:clave|key|secret|secreto|token|semilla|seed)(?:\b|(?=_)))(?:(?P<label>[^\n:=→]{0,80}?)"
    r"(?:\s*(?:[:=]|->|→|=>)|\s+(?i:is|es|was|era|ser[aá]|will\s+be|sigue\s+siendo)\b(?:\s*:)?)"
    r"|(?P<bare>(?:[ \t]+[A-Za-z][\w\-]{0,15}){0,2}(?:[ \t]+|[ \t]*\r?\n[ \t]*)))"
    r"\s*[\"'“]?(?P<v>[0-9a-fA-F]{32,})\b")
_NAME_BEFORE_RE: Final = re.compile(r"[A-Za-z0-9_]*$")
# A negation right before the label word: "not a", "no", "non-", "no es (un)", "ningún/ninguna".
_NEGATED_RE: Final = re.compile(
    r"\b(?:(?:not|no|never|nunca)(?:\s+(?:is|es|was|era|really|realmente))?(?:\s+(?:a|an|un|una|el|la|the|any|ning[uú]n|ninguna))?"
    r"|non|ning[uú]n|ninguna|nothing|nada)[\s\-]+$")
_HEX_PUBLIC: Final = re.compile(r"(?i:fingerprint|huella|checksum|hash|sha|digest|commit|md5|id\b|public|p[uú]blica)")
#: A key that names a row or an entry, said right before the label word ("cache key", "object_key", "clave
#: de partición" is read by the label after it). Forty-fifth round: only there — "the data key for the bucket
#: objects (hex, 256-bit):" names objects the key encrypts, not an object key.
_ROW_KEY_RE: Final = re.compile(r"(?i:(?:cache|idempot\w*|partition|sort|primary|foreign|object|routing|dedup\w*)[\s_\-]*$)")
_ROW_KEY_AFTER_RE: Final = re.compile(
    r"(?i:[ \t_\-]*(?:(?:for|of|de|del)[ \t]+)?(?:(?:the|an?|la|el)[ \t]+)?(?:cache|idempot|partition|sort|primary|foreign|object"
    r"|routing|dedup))")
# Thirty-seventh round: or a relative clause saying who chose or uses it ("que elegí para el gestor",
# "she picked for the vault", "that I use for the backups") before the copula.
RELATIVE_CLAUSE: Final = (
    r"|\s+(?i:que|which|that|i|she|he|we|they|you)[ \t]+(?i:[^\W\d_]+[ \t]+)?"
    r"(?i:eleg\w*|escog\w*|puse|puso|pusimos|us[oa]s?|usamos|uses?|used|us[eé]|chose|chosen|picked|picks?"
    r"|set|tiene|tengo|has|have|guard\w*|saved?|keeps?|kept)\b[^\n.:=,;\"“”]{0,50}?")
_PHRASE_VALUE_RE: Final = re.compile(
    r"(?i:\bpass\s?phrase|\b(?:secret|master|unlock|access|security)\s+phrase"
    r"|\bfrase\s+(?:de\s+paso|de\s+acceso|secreta|maestra|de\s+desbloqueo|de\s+contrase(?:ñ|n)a)"
    # a bare "phrase"/"frase" names a passphrase only through what it unlocks (checked in Python)
    r"|(?P<bare>\b(?:phrase|frase)))"
    # an aside in brackets: "wifi passphrase (the long one) is …"
    r"(?:[ \t]*\([^()\n]{1,40}\))?"
    # what it unlocks ("for the backup drive", "del disco cifrado de Nerea", "de la clave SSH")
    r"(?P<obj>\s+(?i:for|of|on|to|at|in|del?|al?|para|en)\b[^\n.:=,;\"“”]{1,50}?" + RELATIVE_CLAUSE + r")?"
    # Twenty-sixth round: an arrow stands for the colon (->, →, =>, ⇒, ➜: "master phrase → …"), as the
    # keyword finder reads it after a password word.
    r"(?:\s*(?P<colon>->|→|=>|⇒|➜|[:=])|\s+(?i:is|es|was|era|ser[aá]|will\s+be)\b)\s*"
    r"(?P<v>[^\n.;,\"“”]{8,120}?)\s*(?=$|[\n.;,\"“”!?()]|\s[-—–]\s)")
#: A stated passphrase's first word that makes it a description instead ("is stored in…",
#: "es la misma", "is a line from a song").
_NOT_A_PHRASE: Final = frozenset(
    """in on at stored kept saved written shared same required needed expired wrong incorrect too very
    not no set changed available pending long short easy hard secure strong weak case known unknown
    also still now something one same different en guardada guardado escrita apuntada
    compartida misma mismo obligatoria necesaria caducada incorrecta muy demasiado cambiada disponible
    pendiente larga corta facil fácil dificil difícil segura fuerte debil débil conocida desconocida
    tambien también todavia todavía ahora algo distinta otra another other see ask check véase vease mira
    pide pregunta consulta
    tan so such quite bastante really realmente super súper extremely
    somewhere anywhere elsewhere nowhere here there aquí aqui allí alli ahí ahi""".split()) | COMPARISON_WORDS

# Stop 48 (sec48, k96-183): a comparison opens a description as a gradable adjective does ("is easier
# to remember than …", "es más fácil de recordar que …"; ``measures.COMPARISON_WORDS``).
# Sixteenth round: a degree word ("tan", "so", "such", "quite", "bastante") opens a description of
# the phrase ("la frase secreta es tan larga que no se la sabe"), and a place adverb ("somewhere in
# the attic", "allí, en el cajón") where it is — never the phrase itself.
_POINTING_STEMS: Final = ("píd", "pid", "pregúnt", "pregunt", "ask", "consult", "búsc", "busc", "mír", "check")
#: Articles: after "is"/"es" the word after one is read too ("es la misma", "is a line from…"),
#: and "is a …"/"es una …" alone reads as a description; after a colon the value is stated.
_ARTICLES: Final = frozenset("a an the el la los las un una lo".split())
_SECRET_NUMBER_RE: Final = re.compile(
    r"(?i:\bn[uú]mero\s+secreto\b|\bsecret\s+number\b)[^\n.]{0,60}?(?i:\b(?:es|is)\b|:)\s*(?P<v>\d{4,8})\b")


def _find_seed_runs(text: str, lower: str) -> Iterator[_Span]:
    if not any(h in lower for h in _SEED_HINTS):
        return
    for m in _SEED_RUN_RE.finditer(text):
        yield m.start(), m.end(), "password"


def _find_quoted_passphrases(text: str, lower: str) -> Iterator[_Span]:
    if ('"' not in text and "“" not in text and "«" not in text) or not any(h in lower for h in _QUOTED_HINTS):
        return
    for m in _QUOTED_RE.finditer(text):
        if is_question(m.group("v")) or is_vague_description(m.group("v")):
            continue  # '"¿Has olvidado tu contraseña?"', 'his password is "the usual one"'
        if closes_a_quote(text, m.start("v") - 1) or in_a_prompt(text, m.start()):
            continue  # 'read -p "Password: " PW', "read -s -p 'Password: ' PW": the label is a prompt's text
        if any(w in _RECORD_POINTERS for w in m.group("gap").lower().split()):
            continue  # 'password: ver entrada «Wifi casa» en el gestor': a record's name, see above
        first = m.group("label").split(None, 1)[:1]
        if (first and first[0].lower() in DESCRIBING_WORDS) or described_before(lower, m.start()):
            continue  # 'The password hint is "first pet + year"', 'password policy: "…"': about it
        if _figurative_key(m.group(0), m.group("label"), m.group("v")):
            continue  # 'La clave del éxito es «constancia y café»': a key point, not a password
        yield m.start("v"), m.end("v"), "password"


def _find_named_phrases(text: str, lower: str) -> Iterator[_Span]:
    """A quoted phrase the text names as a password's value ("… contraseña … la frase «…»")."""
    if ("frase" not in lower and "phrase" not in lower and "sentence" not in lower and "oraci" not in lower) \
            or not any(h in lower for h in _QUOTED_HINTS):
        return
    for m in _NAMED_PHRASE_RE.finditer(text):
        group = next(g for g in ("dq", "cq", "gq") if m.group(g) is not None)
        value = m.group(group)
        if len(value.split()) < 3 or is_question(value) or is_vague_description(value):
            continue
        if any(w.lower() in DESCRIBING_WORDS for w in m.group("label").split()) or described_before(lower, m.start()):
            continue  # 'the password hint is the phrase "…"': about it
        if _figurative_key(m.group(0), m.group("label"), value):
            continue
        yield m.start(group), m.end(group), "password"


# Thirteenth round. "Clave" is also a key point ("la clave del éxito es «constancia y café»"): a
# quoted phrase after it is a password only when the label names what it opens (a holder of secrets
# or an access object: "la clave del wifi", "la clave maestra del gestor") or the value has a digit
# or a symbol.
_MASTER_WORDS: Final = frozenset("maestra master secreta acceso access".split())
_LABEL_WORD_RE: Final = re.compile(r"[^\W\d_]+")


def _figurative_key(match: str, label: str, value: str) -> bool:
    if not match[:5].lower().startswith("clave"):
        return False
    words = {w.lower() for w in _LABEL_WORD_RE.findall(label)}
    if words & (HOLDERS | _ACCESS_OBJECTS | _MASTER_WORDS):
        return False
    return not any(c.isdigit() or not (c.isalpha() or c.isspace() or c in ".,;:'’-") for c in value)


def _find_spaced_values(text: str, lower: str) -> Iterator[_Span]:
    """Single characters between spaces, hyphens or dots after a password/PIN/token label (the
    label itself may be spelled the same way: "P-A-S-S: W-i-n-t-e-r-!-7")."""
    if any(h in lower for h in _SPACED_HINTS):
        for m in _SPACED_CHARS_RE.finditer(text):
            before = re.sub(r"\s+", "", lower[max(0, m.start() - 60):m.start()])
            if _PW_LABEL_JOINED_RE.search(before):
                yield m.start(), m.end(), "password"
    if "-" not in text and "." not in text and "·" not in text:
        return
    for m in _SEPARATED_CHARS_RE.finditer(text):
        before = re.sub(r"\s+", "", lower[max(0, m.start() - 60):m.start()]).replace(m.group("sep"), "")
        label = _PW_LABEL_JOINED_RE.search(before)
        # Words between the label and the run need a connector: "pinned to 1.2.3.4.5.6" is a version.
        if label is not None and (label.group("tail") is None or label.group("conn") is not None):
            yield m.start(), m.end(), "password"


_SHAPED: Final = (  # (cheap hints in the lower-cased text, pattern, kind)
    (("pin", "puk", "nip", "digo", "code", "clave", "contrase", "password", "combina"), _SPELLED_RE, "password"),
    (("opens with", "abre con", "unlocks with", "code is", "digo es"), _OPENS_WITH_RE, "password"),
    (("secreto", "secret number"), _SECRET_NUMBER_RE, "password"),
    (("-key", "-token", "-secret", "-signature", "-auth", "-apikey"), _KEY_HEADER_RE, "api_key"),
    (("authorization",), _QUOTED_SCHEME_RE, "bearer_token"),
    (("passcode", "pin", "puk", "nip"), _BARE_PIN_RE, "password"),
    (("phrase", "frase"), _PHRASE_VALUE_RE, "password"),
    (("_ ", "- ", "akia ", "asia "), _CHUNKED_RE, "api_key"),
)


def _find_spelled_and_shaped(text: str, lower: str) -> Iterator[_Span]:
    for hints, regex, kind in _SHAPED:
        if not any(h in lower for h in hints):
            continue
        for m in regex.finditer(text):
            if regex is _PHRASE_VALUE_RE and not (_stated_phrase(m.group("v"), m.group("colon") is not None)
                                                  and (m.group("bare") is None or _names_a_holder(m.group("obj"))
                                                       or (m.group("v")[:1].isalpha()
                                                           and _PURPOSE_BEFORE_RE.search(text, max(0, m.start() - 80),
                                                                                         m.start()) is not None))):
                continue
            if regex is _BARE_PIN_RE and postal_pin(lower, m.group("v")):
                continue
            if regex is _KEY_HEADER_RE and _IDENTIFYING_HEADER_RE.search(text, m.start(), m.start("v")):
                continue  # "Idempotency-Key: 5d1c…": a request's id, not a credential
            start = m.start() if regex is _CHUNKED_RE else m.start("v")
            yield start, m.end("v"), kind


_OBJECT_HEAD_RE: Final = re.compile(
    r"\s+\w+\s+(?:(?:the|my|our|your|his|her|their|its|this|that|el|la|los|las|mi|tu|su|nuestra|nuestro|este|esta"
    r"|ese|esa)\s+)?(?P<head>[^\W\d_][\w\-]*)(?:\s+(?P<next>[^\W\d_][\w\-]*))?")


# Thirty-seventh round, in sample (k63-223): a bare "frase"/"phrase" after a purpose of opening in its
# own sentence ("para abrir el disco cifrado la frase es …", "to unlock the backup the phrase is …")
# names a passphrase as "la frase del VeraCrypt" does.
_PURPOSE_BEFORE_RE: Final = re.compile(
    r"(?i:\b(?:para|to)[ \t]+(?:abrir|desbloquear|descifrar|entrar|acceder|unlock|open|decrypt|access|get[ \t]+into)\b"
    r"[^.\n;:!?]{0,60}$)")


def _names_a_holder(obj: str | None) -> bool:
    """Does a bare "phrase"/"frase" name what it unlocks right after its preposition ("la frase del
    VeraCrypt", "phrase for the backup vault", "frase en el cifrado del disco")? The head noun, or
    the word after it, must hold secrets: "la frase del día en el móvil" is a motto, not a key."""
    if not obj or obj.split(None, 1)[0].lower() in ("on", "at"):
        return False  # "the phrase on the laptop sticker": where it is written, not what it opens
    m = _OBJECT_HEAD_RE.match(obj)
    return m is not None and any(w is not None and w.lower() in HOLDERS for w in (m.group("head"), m.group("next")))


def _stated_phrase(value: str, colon: bool) -> bool:
    """A passphrase value: two or more words, no placeholder, not opening with a describing word
    (nor, after "is"/"es", with an article, or an article and a describing word)."""
    words = [w.lower() for w in value.split()]
    if not words or (len(words) < 2 and len(value) < 12) or any(c in value for c in "[]{}<>$*"):
        return False
    if words[0] in _NOT_A_PHRASE or (len(words) > 1 and words[0] in _ARTICLES and words[1] in _NOT_A_PHRASE):
        return False
    if words[0].startswith(_POINTING_STEMS):
        return False  # "pídesela a Jorge", "pregúntale a Ana", "ask Ana": where it is, not what it is
    return colon or words[0] not in ("a", "an", "un", "una")


def _find_hex_after_label(text: str, lower: str) -> Iterator[_Span]:
    """A long hex blob after a key/secret label ("Clave HMAC del webhook: a4c6…"), unless the label
    names a public digest (fingerprint, checksum, hash, commit, id), or the label word is negated
    (fourteenth round: "not a secret", "no es secreto", "non-secret", "ningún token": a writer saying
    the value is none)."""
    if not any(h in lower for h in ("clave", "key", "secret", "token", "semilla", "seed")):
        return
    for m in _HEX_AFTER_LABEL_RE.finditer(text):
        if _NEGATED_RE.search(lower, max(0, m.start() - 24), m.start()):
            continue
        # Right after the label word and up to two more ("Algolia admin key 4c9e…", "Clave HMAC 4c9e…"),
        # the label is those words and the ones before it.
        label = m.group("label") if m.group("bare") is None else text[max(0, m.start() - 40):m.start("v")]
        # The rest of a snake_case name the label word ends ("idempotency_key") is part of the label.
        name = _NAME_BEFORE_RE.search(text, max(0, m.start() - 40), m.start()).group()  # type: ignore[union-attr]
        before = text[max(0, m.start() - 40):m.start()]
        after_word = m.start("label") if m.group("label") is not None else m.start("bare")
        row_key = _ROW_KEY_RE.search(before) is not None or _ROW_KEY_AFTER_RE.match(text, after_word) is not None
        if not _HEX_PUBLIC.search(name + " " + label) and not row_key:
            yield m.start("v"), m.end("v"), "secret"


# Thirtieth round: a token of letters only after a bare token label. A random token drawn from the
# letters alone (generators with digits switched off, some home-automation and chat tokens) has no
# digit, so the keyword finder's bare connector, which needs one, left it. The label word right
# before it (no colon, "is" or quote) is the evidence, and the shape the rest: 14–64 ASCII letters,
# three upper- and three lower-case letters or more, and no split into words — a camel-case or
# Pascal-case identifier ("InvalidClientTokenId", "refreshTokenExpired") or upper-case acronyms
# before words ("HTTPRequestHeader") is a name, not a token.
_BARE_TOKEN_LABEL_RE: Final = re.compile(
    r"\b(?:token|secret|secreto|api[ _\-]?key|access[ _\-]?key|apikey)[ \t]+(?P<v>[A-Za-z]{14,64})(?=[\s.,;:)!?]|$)")
_WORDS_SPLIT_RE: Final = re.compile(r"[a-z]*(?:[A-Z]{1,5}[a-z]{2,})*[A-Z]{0,5}")


def random_letters(value: str) -> bool:
    """Is a run of letters random-looking rather than words joined in camel case (see above)?"""
    upper = sum(c.isupper() for c in value)
    return upper >= 3 and len(value) - upper >= 3 and _WORDS_SPLIT_RE.fullmatch(value) is None


def _find_bare_letter_tokens(text: str, lower: str) -> Iterator[_Span]:
    """A letters-only random token right after a bare token label (see above)."""
    if not any(h in lower for h in ("token", "secret", "key")):
        return
    for m in _BARE_TOKEN_LABEL_RE.finditer(lower):
        value = text[m.start("v"):m.end("v")]
        if random_letters(value):
            yield m.start("v"), m.end("v"), "token"


SHAPE_FINDERS: Final = (_find_hex_after_label, _find_seed_runs, _find_quoted_passphrases, _find_named_phrases,
                        _find_spaced_values, _find_spelled_and_shaped, _find_bare_letter_tokens)
