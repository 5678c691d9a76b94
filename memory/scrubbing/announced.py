"""Thirty-sixth secrets round: values announced by what comes before them, not by a password word
right before the value (docs/privacy.md, "The thirty-sixth secrets round", gives what each fires on
over every spent author).

* **A passphrase sentence after a passphrase label, whatever its first word**: "la frase es: el gato
  de Ana duerme en la nevera", "contraseña larga del wifi: …", "the passphrase is: the old fox sleeps
  under Maple bridge". The phrase finders (``phrases``) refuse a run opening with an article or a
  function word ("usa la frase que está en el sobre"); after a colon or an arrow (``->``, ``→``,
  ``=>``) that closes a passphrase label the whole sentence to the end of its line (or to a dash or a
  comma opening a remark: "…, todo en minúsculas") is the value when it has four to twelve words, the
  text says what the phrase opens or names a password, and no word of it points elsewhere, states a
  policy or a status (nor does the label: "Recovery phrase status: still missing"), negates or opens a clause about the phrase ("la frase es: la de siempre", "Passphrase:
  at least four random words", "la frase es: no la compartas").
* **A value announced as something to copy exactly**: "copy exactly, it has invisible chars in
  it: …", "cópiala tal cual: …", "paste it verbatim: …" — a verb of copying, pasting or typing and
  within the same clause a word of exactness (exactly, verbatim, as is, tal cual, exactamente,
  literalmente, carácter a carácter), then a colon and one blank-free token that is a credential
  (``prose._strong_credential``). The driver also reads the folded view, so zero-width characters
  inside the token do not hide it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from memory.scrubbing.kinds import _Span
from memory.scrubbing.phrases import _CLAUSE_STARTS, _POLICY, points_elsewhere
from memory.scrubbing.prose import _strong_credential
from memory.scrubbing.vocabulary import STORE_NAMES, names_re

_PASSPHRASE_LABEL_RE: Final = re.compile(
    r"(?i:\b(?P<label>frase(?:[ \t]+(?:de[ \t]+paso|secreta|de[ \t]+(?:contrase[ñn]a|acceso|recuperaci[oó]n|desbloqueo)"
    r"|maestra))?|pass[ \t\-]?phrase|(?:contrase[ñn]a|clave)[ \t]+larga|long[ \t]+password"
    r"|(?:(?:unlock|secret|master|recovery)[ \t]+)?(?:phrase|sentence))\b"
    r"(?P<aside>[^:\n.;?!]{0,50}?)(?:[ \t]+(?:es|era|is|was))?[ \t]*(?::|->|→|=>)[ \t]*"
    r"(?P<v>[^\W\d_][^\n]{10,140}?)[ \t]*(?:[.;!]?[ \t]*$|\.[ \t]+|\n))", re.M)
_OPENS_RE: Final = re.compile(
    r"(?i:desbloque|unlock|descifr|decrypt|cifrad|encrypt|backup|copia|wifi|wi-fi|vault|b[oó]veda"
    r"|wallet|monedero|disco|disk|recovery|recuperaci|contrase|password|clave"
    r"|login|acceso|abrir|open|" + names_re(STORE_NAMES) + r")")
_REMARK_RE: Final = re.compile(r"[ \t]*(?:[—–]|[ \t]-[ \t]|,[ \t])")
_WORD_RE: Final = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")
#: Words that negate, describe or refer instead of stating the phrase.
_NOT_A_PHRASE: Final[frozenset[str]] = frozenset(
    """no not never nunca don't dont ni sin without igual same misma mismo usual siempre always
    larga long corta short secreta secret cambia change pregunta ask pide request still todavía aún pending
    pendiente missing falta lost perdida perdido unknown desconocida cuando when""".split())
#: Verbs that send the reader elsewhere, with any clitic ("pídesela", "pregúntale", "búscala").
_SENDS_ELSEWHERE: Final = ("pide", "píde", "pregunt", "busca", "búsca", "mira", "consulta", "ask", "check", "look")
#: Words of a label about the phrase rather than before it ("Recovery phrase status: …").
_ABOUT_LABEL: Final[frozenset[str]] = frozenset("status estado".split()) | _POLICY
_COPY_RE: Final = re.compile(
    r"(?i:\b(?:copy|copia(?:la|lo|r)?|c[oó]piala|c[oó]pialo|paste|pega(?:la|lo|r)?|p[eé]gala|p[eé]galo|type|teclea(?:la|lo)?"
    r"|escr[ií]be(?:la|lo)?)\b[^:\n]{0,40}?\b(?:exactly|verbatim|as[ \t]+is|tal[ \t]+(?:cual|como[ \t]+est[aá])"
    r"|exactamente|literal(?:mente)?|car[aá]cter[ \t]+a[ \t]+car[aá]cter|character[ \t]+by[ \t]+character)\b"
    r"[^:\n]{0,60}:[ \t]*(?P<v>\S{6,80}))")


def _find_passphrase_sentences(text: str, lower: str) -> Iterator[_Span]:
    """A sentence to the end of its line after a colon or an arrow closing a passphrase label (the module
    docstring)."""
    if not any(h in lower for h in ("frase", "phrase", "larga", "long", "sentence")) \
            or (":" not in text and ">" not in text and "→" not in text):
        return
    for m in _PASSPHRASE_LABEL_RE.finditer(text):
        value = _REMARK_RE.split(m.group("v"), maxsplit=1)[0]  # "… — todo en minúsculas": a remark after it
        words = [w.lower() for w in _WORD_RE.findall(value)]
        if not 4 <= len(words) <= 12 or "[REDACTED:" in value or any(c in value for c in ":\"'()=/<>[]{}"):
            continue
        aside = {w.lower() for w in _WORD_RE.findall(m.group("aside"))}
        if _OPENS_RE.search(text, 0, m.start("v")) is None or aside & _ABOUT_LABEL:
            continue
        if (points_elsewhere(words) or any(w in _POLICY or w in _NOT_A_PHRASE for w in words)
                or any(w.startswith(_SENDS_ELSEWHERE) for w in words)
                or (words[0] in _CLAUSE_STARTS and words[1] in _CLAUSE_STARTS)
                or words[0] in ("que", "which", "that", "what", "lo", "it", "she", "he", "you", "tú", "usa", "use")):
            continue
        yield m.start("v"), m.start("v") + len(value), "password"


def _find_copied_exactly(text: str, lower: str) -> Iterator[_Span]:
    """A credential after a colon announced as something to copy or paste exactly (the module docstring)."""
    if ":" not in text or not any(h in lower for h in ("exact", "verbatim", "as is", "tal c", "literal", "cter")) \
            or not any(h in lower for h in ("cop", "past", "pega", "pé", "type", "teclea", "escr")):
        return
    for m in _COPY_RE.finditer(text):
        value = m.group("v").rstrip(",;\"'")  # announced as exact: a final "!" or "." may be the value's
        if _strong_credential(value):
            yield m.start("v"), m.start("v") + len(value), "password"


FINDERS: Final = (_find_passphrase_sentences, _find_copied_exactly)
