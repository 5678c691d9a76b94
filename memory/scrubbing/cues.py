"""Thirty-eighth secrets round: cues that stand for a password word, read as one (docs/privacy.md, "The
thirty-eighth secrets round", gives what each changes over every spent author; ``said`` holds the same
round's finders).

Writers often give a credential without the word "password" right before it: they answer their own
question, or name the secret by what it is made of. Each class below is a *cue* that does the
password word's job. ``cue_view`` rewrites every cue in place by a password word of the same length
or shorter, right-aligned in the cue's room (the same length, so every offset holds), and the driver
runs every finder on that view and keeps the spans past the first cue: the usual frames then decide
whether what follows is a value.

* **A question naming a password, answered by a copula**: "My email password? It is …", "¿La clave
  del router? Es …" — the question mark and the answer's subject are blanked, so the frames read
  "password is …" (round 13 read "It's" and strong values only; the copula frame takes a plain word
  with a number too). The question is only a noun phrase — a possessive or an article, the password
  word, and what it opens after a preposition ("¿Olvidaste la contraseña? Es normal…", "The password
  manager? It is Bitwarden" are other questions).
* **Words named as the secret**: "unlock words", "secret words", "vault words", "master words",
  "palabras de desbloqueo/secretas/clave" label a passphrase as "passphrase" does (seed and recovery
  words were read by the seed finder already).
* **"the <thing> one is"** after a password word earlier in the same text ("… passwords: the
  netflix one is …"): "one" takes up the password word, as Spanish's "la de Netflix es" already did.
"""

from __future__ import annotations

import re
from typing import Final

#: A question that is only a noun phrase naming a password: an optional possessive or article, up to
#: two words, the password word, then nothing or a preposition and up to four words of what it opens.
_ASKED_SELF_RE: Final = re.compile(
    r"(?:^|(?<=[.!?¿\n])|(?<=[.!?][ \t]))[ \t]*(?:(?:my|your|his|her|our|their|the|mi|tu|su|la|el|nuestra)[ \t]+"
    r"(?:[^\W\d_][\w\-]*[ \t]+){0,2}?|(?:[^\W\d_][\w\-]*[ \t]+)?)(?:contrase(?:ñ|n)a|clave|password|passwd|passphrase|pin)"
    r"(?:[ \t]+(?:del?|para|for|of|to|on)[ \t]+(?:[^\W\d_][\w\-]*[ \t]*){1,4}?)?(?P<gap>\?[ \t]*"
    r"(?:(?:pues|well|so|oh|easy|simple|f[aá]cil)[,:]?[ \t]+)?(?:it|that|esa|esta|la[ \t]+m[ií]a|mine)?)"
    r"[ \t]*(?=(?:is|es|was|era|sigue[ \t]+siendo)\b)")
_WORDS_LABEL_RE: Final = re.compile(
    r"\b(?:(?:unlock|secret|vault|master)[ \t]+words"
    r"|palabras[ \t]+(?:de[ \t]+desbloqueo|secretas|clave))\b")
_ONE_RE: Final = re.compile(r"\bthe[ \t]+[\w\-]{2,20}[ \t]+(?P<one>one)[ \t]+(?=is\b|was\b|:)")
_PASSWORD_WORD_RE: Final = re.compile(r"\b(?:passwords?|passwd|pwd|logins?)\b")


#: Forty-second round: "palabras clave" are also a text's keywords ("Palabras clave del artículo: …",
#: "Palabras clave: a, b, c"): a label qualified by what the text is, or a list of three items or more
#: set off by commas or semicolons, is an index, not a passphrase (passphrases are words in a row).
_KEYWORDS_OF_RE: Final = re.compile(
    r"[ \t]+(?:del?|de[ \t]+la|de[ \t]+los|for|of)[ \t]+(?:art[ií]culo|paper|documento|texto|post|entrada|b[uú]squeda"
    r"|tema|curso|publicaci[oó]n|web|seo|anuncio|campa[nñ]a|trabajo|tesis|libro|cap[ií]tulo|informe|v[ií]deo|search|article)\b")
_LIST_SEPARATOR_RE: Final = re.compile(r"[,;]")


def _keyword_list(lower: str, label_end: int) -> bool:
    if _KEYWORDS_OF_RE.match(lower, label_end):
        return True
    stop = min(len(lower), label_end + 300)
    line_end = lower.find("\n", label_end, stop)
    rest = lower[label_end:line_end if line_end >= 0 else stop]
    return ":" in rest[:3] and len(_LIST_SEPARATOR_RE.findall(rest)) >= 2


def _stand_in(room: int) -> str:
    """The longest strong password word that fits in ``room`` characters, right-aligned."""
    for word in ("passphrase", "password", "passwd", "pwd"):
        if len(word) <= room:
            return word.rjust(room)
    return " " * room


def cue_view(text: str, lower: str) -> tuple[str, int] | None:
    """``text`` with every cue rewritten as a password word (the module docstring), and where the first
    cue ends; ``None`` when ``text`` has no cue. ``lower`` is ``text`` lower-cased (same length)."""
    rewrites: list[tuple[int, int, str]] = []
    if "?" in lower:
        for m in _ASKED_SELF_RE.finditer(lower):
            start, end = m.span("gap")
            rewrites.append((start, end, " " * (end - start)))
    if "words" in lower or "palabras" in lower:
        for m in _WORDS_LABEL_RE.finditer(lower):
            if m.group().startswith("palabras") and _keyword_list(lower, m.end()):
                continue
            rewrites.append((m.start(), m.end(), _stand_in(m.end() - m.start())))
    if " one " in lower and _PASSWORD_WORD_RE.search(lower) is not None:
        for m in _ONE_RE.finditer(lower):
            if _PASSWORD_WORD_RE.search(lower, 0, m.start()) is not None:
                rewrites.append((m.start("one"), m.end("one"), "pwd"))
    if not rewrites:
        return None
    chars = list(text)
    for start, end, word in rewrites:
        chars[start:end] = word
    return "".join(chars), min(end for _, end, _ in rewrites)
