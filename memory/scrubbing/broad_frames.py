r"""Thirty-fourth round: the frames of rounds 31–33 written as broad classes, so the next author's
wording is read too (each class in Spanish and English; every window bounded, every run lazy and
unable to cross a line or a sentence, so nothing backtracks over a long text):

* **A name/value pair in any config notation whose name names a secret**: a YAML env list
  (``- name: AWS_SECRET_ACCESS_KEY`` then ``value: "…"`` on the next line), JSON
  (``{"name": "DB_PASSWORD", "value": "…"}``), a key/value table (``Name=API_TOKEN Value=…``). The
  value key must follow the name within 160 characters and two line breaks; a name ending in
  _ID/_FILE/_PATH/_URL/_HOST/_USER/_NAME/_ARN is no secret, and a reference as value is left to the
  driver's filters.
* **A requested-then-chosen value**: any verb of asking, wanting, needing or prompting for a
  password word ("asked/wanted/needed/required/prompted for", "pidió/quería/necesitaba/exigía"),
  then within 60 characters "so/and/y/así que/entonces", then any verb of choosing or setting
  ("used/went with/chose/picked/set/typed/entered/settled on", "usé/puse/elegí/escogí/metí/tecleé/opté
  por"): the rest of the clause (2–80 characters, to ". " / ";" / line end) is the credential.
* **A value the text says is split, wrapped or sent in parts** with labelled parts ("First half: X
  ⏎ second half: Y", "parte 1: X, parte 2: Y", "primera mitad: X … segunda: Y"): each part after its
  label, when a secret word is in the 200 characters before the first label.
* **A code or PIN after a verb of setting, resetting or changing "a/to N"** ("me reseteó el PIN del
  buzón a 7126", "changed the alarm code to 4821", "the PIN was reset to 0931") and **a code word, a
  purpose clause (para/to), a copula, digits** ("el código para desactivarla es 19847", "the code to disarm it
  is 5521"): 4–8 digits, not a measure ("to 6 digits", "a 2025 version").
* **A quoted value named by "as the password"** ("Use 'purple walrus …' as the passphrase", "pon
  «…» como contraseña"): the quoted run (4–100 characters), not before hint/field/label/policy.
* **A value to type exactly** ("escribe exactamente X y pulsa intro", "type exactly X and press
  enter", "teclea literalmente …"): the run after the adverb to "y pulsa/and press", a comma or the
  sentence end.
* **A bare password word after a credentials list's earlier item** ("network is BirchHollow,
  passphrase moose on the dock at dawn", "usuario admin, contraseña Kx9…"): a network/user label
  earlier on the line, then ", passphrase|password|contraseña|clave" with no colon, then the rest of
  the clause: three words or more, or one credential-like token, and not prose ("la da recepción",
  "en la pizarra", "no la tengo", "on the whiteboard": a first word from a closed list).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from memory.scrubbing.disguises import _credential_like
from memory.scrubbing.kinds import _Span

_PW: Final = (r"(?:contrase[ñn]as?|claves?|pass(?:words?|phrases?|codes?)?|pwd|pins?|frase[ \t]+de[ \t]+paso"
              r"|secrets?|secretos?|tokens?|api[ \t_-]?keys?)")

_SECRET_NAME_RE: Final = re.compile(
    r"(?i:pass(?:word|wd|phrase)?|secret|token|api[_-]?key|apikey|private[_-]?key|access[_-]?key|credential|pwd)")
_NOT_SECRET_NAME_RE: Final = re.compile(r"(?i:(?:_|-|\.)(?:id|file|path|url|uri|host|user|username|name|arn|ref|key_id)$)")
_NAME_RE: Final = re.compile(
    r"""(?i:["']?\bname["']?[ \t]*[:=][ \t]*["']?(?P<n>[A-Za-z_][\w.\-]{1,80})["']?)""")
_VALUE_KEY_RE: Final = re.compile(
    r"""(?i:[^\n]{0,80}?(?:\n[^\n]{0,80}?){0,2}?["']?\bvalue["']?[ \t]*[:=][ \t]*["']?(?P<v>[^\s"',}\]]{4,200}))""")


def _find_name_value_pairs(text: str, lower: str) -> Iterator[_Span]:
    if "name" not in lower or "value" not in lower:
        return
    for m in _NAME_RE.finditer(text):
        name = m.group("n")
        if _SECRET_NAME_RE.search(name) is None or _NOT_SECRET_NAME_RE.search(name) is not None:
            continue
        v = _VALUE_KEY_RE.match(text, m.end())
        if v is None or re.search(r"(?i)\bname\b", text[m.end():v.start("v")]):
            continue
        value = v.group("v")
        if value.startswith(("$", "{", "var.", "<")) or "[REDACTED:" in value:
            continue
        yield v.start("v"), v.end("v"), "secret"


_CLAUSE: Final = r"(?P<v>[^\s.;\n][^\n;]{1,79}?)(?=[.;!?][ \t]|[.;!?]?[ \t]*$|[ \t]*\n|[.;!?]$)"
_CHOSEN_RE: Final = re.compile(
    r"(?i:\b(?:asked|wanted|needed|required|prompted|requested|demanded|insisted|pidi[oó]|ped[ií]a|quer[ií]a"
    r"|necesitaba|exig[ií]a|solicit[oó]|requer[ií]a)(?:[ \t]+(?:me|for|me[ \t]+for|por))?[ \t]+(?:a[ \t]+|an[ \t]+|the[ \t]+"
    r"|una[ \t]+|un[ \t]+|la[ \t]+|el[ \t]+|new[ \t]+|nueva[ \t]+)?" + _PW
    + r"\b[^.\n]{0,60}?\b(?:so|and|then|y|as[ií][ \t]+que|entonces|pues)[ \t]+(?:I|yo)?[ \t]*(?:just[ \t]+)?"
    r"(?:used|went[ \t]+with|chose|picked|set(?:[ \t]+it[ \t]+to)?|typed|entered|gave[ \t]+it|settled[ \t]+on"
    r"|opted[ \t]+for|put|us[eé]|puse|eleg[ií]|escog[ií]|met[ií]|teclee|tecleé|opt[eé][ \t]+por|le[ \t]+puse"
    r"|le[ \t]+di)[ \t]+" + _CLAUSE + ")")

_PART_RE: Final = re.compile(
    r"(?i:\b(?:first|1st|primera?|second|2nd|segunda?|last|other|[uú]ltima?|otra)[ \t]+(?:half|part|piece|mitad|parte"
    r"|trozo)|\b(?:part|parte|trozo|piece)[ \t]*[12])[ \t]*[:=][ \t]*(?P<v>[^\s]{2,60})")
_PART_SECRET_RE: Final = re.compile(r"(?i:" + _PW + r"|\bkey\b|\bllave\b)")


def _find_chosen_values(text: str, lower: str) -> Iterator[_Span]:
    for m in _CHOSEN_RE.finditer(text):
        value = m.group("v").strip()
        if len(value) >= 4 and "[REDACTED:" not in value:
            yield m.start("v"), m.start("v") + len(m.group("v").rstrip()), "password"


def _find_labelled_parts(text: str, lower: str) -> Iterator[_Span]:
    parts = list(_PART_RE.finditer(text))
    if len(parts) < 2 or parts[1].start() - parts[0].end() > 200:
        return
    if _PART_SECRET_RE.search(text, max(0, parts[0].start() - 200), parts[0].start()) is None:
        return
    for m in parts[:3]:
        value = m.group("v").rstrip(",.;")
        if "[REDACTED:" not in value:
            yield m.start("v"), m.start("v") + len(value), "password"


_CODE: Final = r"(?:pin|c[oó]digo|code|passcode|clave|contrase[ñn]a|password|combinaci[oó]n|combination)"
_SET: Final = (r"(?:reset(?:e[oó]|eado|eada|ed)?|resete[oó]|cambi(?:[oó]|[eé]|ado|ada|ed)|changed|set|puso|pusieron|"
               r"restableci[oó]|restablecid[oa]|actualiz(?:[oó]|ado|ada)|updated|moved)")
_DIGITS: Final = r"(?P<v>\d{4,8})(?![\d.,:/%]\d|[ \t]*(?:d[ií]gitos|digits|characters|caracteres|chars|min|minutos|minutes|segundos|seconds|versi[oó]n|version|%))(?!\w)"
_SET_CODE_RE: Final = re.compile(
    r"(?i:\b(?:" + _SET + r"\b[^.\n]{0,40}?\b" + _CODE + r"\b[^.\n]{0,40}?|" + _CODE + r"\b[^.\n]{0,40}?\b" + _SET
    + r"\b[^.\n]{0,20}?)[ \t]+(?:a|to|en|into)[ \t]+" + _DIGITS + ")")
_PURPOSE_CODE_RE: Final = re.compile(
    r"(?i:\b(?:pin|c[oó]digo|code|passcode|combinaci[oó]n|combination)[ \t]+(?:para|to)[ \t]+[^.\n,]{1,40}?"
    r"[ \t]+(?:es|is|son|are|ser[aá]|will[ \t]+be)[ \t]*:?[ \t]+" + _DIGITS + ")")


def _find_set_codes(text: str, lower: str) -> Iterator[_Span]:
    for pattern in (_SET_CODE_RE, _PURPOSE_CODE_RE):
        for m in pattern.finditer(text):
            yield m.start("v"), m.end("v"), "password"


_AS_THE_RE: Final = re.compile(
    r"(?i:(?P<q>[\"'“‘«])(?P<v>[^\"'“”‘’«»\n]{4,100})[\"'”’»][ \t]+(?:as|como)[ \t]+(?:the|your|a|my|la|tu|una|mi|el)?"
    r"[ \t]*(?:new[ \t]+|nueva[ \t]+)?" + _PW + r"\b(?![ \t]+(?:hint|field|label|policy|prompt|pista|campo|etiqueta|pol[ií]tica)))")


def _find_quoted_as(text: str, lower: str) -> Iterator[_Span]:
    for m in _AS_THE_RE.finditer(text):
        yield m.start("v"), m.end("v"), "password"


_EXACT_RE: Final = re.compile(
    r"(?i:\b(?:escribe|teclea|introduce|mete|pon|type|enter|key[ \t]+in|input)[ \t]+(?:exactamente|literalmente|tal[ \t]+cual"
    r"|exactly|literally|verbatim|precisely)[ \t]*:?[ \t]+[\"'“‘«]?(?P<v>[^\s\"'”’»][^\n.;,\"'”’»]{1,79}?)[\"'”’»]?"
    r"(?=[ \t]+(?:y|and|e)[ \t]+(?:pulsa|presiona|dale|le[ \t]+das|press|hit|click)\b|[,;][ \t]|\.[ \t]|\.?[ \t]*$|[ \t]*\n))")


def _find_typed_exactly(text: str, lower: str) -> Iterator[_Span]:
    for m in _EXACT_RE.finditer(text):
        if "[REDACTED:" not in m.group("v"):
            yield m.start("v"), m.end("v"), "password"


_BARE_LIST_RE: Final = re.compile(
    r"(?im:\b(?:network|red|ssid|wi-?fi|user(?:name)?|usuario|login|cuenta|account)\b(?:[ \t]+(?:is|es|name|nombre))?[ \t]*:?"
    r"[ \t]+[^\s,;]{1,60}[ \t]*[,;][ \t]*(?:and[ \t]+|y[ \t]+)?(?:the[ \t]+|la[ \t]+|el[ \t]+)?"
    r"(?:passphrase|password|pass|contrase[ñn]a|clave|pwd|key)[ \t]+(?!(?:is|es|de|del|of|for|para|policy|reset|manager|hint)\b)"
    r"[\"'“‘«]?(?P<v>[^\s\"'”’»:=][^\n;,\"'”’»]{2,79}?)[\"'”’»]?(?=[.;,!?]?[ \t]*$|[.;,!?][ \t]))")


_PROSE_START: Final = frozenset(
    "la el los las lo le se no en de del que por con sin a al está esta es son ya igual misma mismo escrita apuntada "
    "pegada pendiente desconocida pídela pregunta the a an on in at is was are from to not isn't ask same unknown "
    "pending tbd n/a written pinned taped stuck printed below above here there lives stored kept saved sits "
    "stays vive guardada queda".split())


# Forty-first round: a copula or a verb of place inside the run makes it a clause ("file is in the
# vault", "fichero está en el NAS", "lives in 1Password"): the word after "key" was a compound's noun.
_PREDICATE_WORDS: Final = frozenset(
    "is are was were es son era está esta están estan queda quedan vive viven lives sits stays stored kept saved "
    "guardada guardado guardados".split())


def _find_bare_list_items(text: str, lower: str) -> Iterator[_Span]:
    for m in _BARE_LIST_RE.finditer(text):
        value = m.group("v")
        words = value.split()
        if "[REDACTED:" in value or words[0].lower() in _PROSE_START:
            continue
        if len(words) >= 3 and any(w.lower() in _PREDICATE_WORDS for w in words[1:]):
            continue  # forty-first round: "the key file is in the vault" — a clause about a thing, no phrase
        if len(words) >= 3 or (len(words) == 1 and _credential_like(value)):
            yield m.start("v"), m.end("v"), "password"


FINDERS: Final = (_find_name_value_pairs, _find_chosen_values, _find_labelled_parts, _find_set_codes,
                  _find_quoted_as, _find_typed_exactly, _find_bare_list_items)
