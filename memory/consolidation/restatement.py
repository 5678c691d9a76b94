"""Does a note restate collective facts its writer was served? (step 6's summary rule).

Summary laundering: an agent recalls five facts, then writes "Resumen semanal: informes cortos,
reuniones temprano, castellano, proyecto Atlas. Además: …". Nothing in its fields says so, so the
content decides. The note is cut into clauses (sentences, then ``, ; :``, list breaks and the
conjunctions *y/e/and/plus/además/also*), and a
clause *restates* a served fact when every content word of the clause belongs to that fact's
vocabulary: the words of its statement, its value, and the private wordings that support it
(the counted evidence, e.g. "Prefiere informes breves", "Pide resúmenes cortos"). Words are
case- and accent-folded with a light plural strip; function words are ignored, negators never are.

Why containment and not similarity: a clause that adds anything of its own — a new value
("Ahora prefiere informes extensos": *ahora*, *extensos*), a negation ("no"), another project —
has a word outside the vocabulary and is not a restatement, while similarity scores place value
changes and negations as close as paraphrases (see ``memory.equivalence``). It errs towards
discounting: a note with one restating clause is no evidence for a new fact built from its whole
text; its genuinely new claims can only count once claims are extracted one by one.

Pure Python, no Django; nothing here logs, caches or raises with text.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Any

_CLAUSE_SPLIT = re.compile(r"[.;:!?\n,•·]+|\s[-–—]\s|\s(?:y|e|and|plus|además|also|as well as)\s", re.IGNORECASE)
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_PLACEHOLDER = re.compile(r"\[REDACTED:[^\]]*\]")
_NEGATORS = {"no", "not", "never", "nunca", "jamas", "ni", "sin", "without", "nor", "tampoco", "ya no"}
_FUNCTION_WORDS = set(
    # Spanish
    "a al ante con de del desde en entre hacia hasta para por segun sobre tras el la los las lo un una "
    "unos unas y e o u que se le les su sus es son ser esta estan este esto muy tambien como pero si "
    "ademas mas otro otra otros otras cada todo toda "
    # English
    "an the of to in on at by for with from into about as and or but so is are was were be been it its "
    "this that these those also too very more other each all".split()
) - _NEGATORS


def words(text: str) -> set[str]:
    """The folded content words of ``text`` (function words dropped, negators kept)."""
    text = _PLACEHOLDER.sub(" ", text)
    folded = "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c))
    return {_stem(w) for w in _WORD.findall(folded) if w not in _FUNCTION_WORDS}


def clauses(text: str) -> list[set[str]]:
    """The content words of each clause of ``text`` that has any."""
    return [ws for ws in (words(part) for part in _CLAUSE_SPLIT.split(text)) if ws]


def vocabulary(statement: str, value: Any, wordings: Iterable[str]) -> set[str]:
    """Every content word a restatement of one fact may use."""
    found = words(statement) | words(_flatten(value))
    for wording in wordings:
        found |= words(wording)
    return found


def restates(text: str, vocabularies: Iterable[set[str]]) -> bool:
    """True when some clause of ``text`` says nothing but what one of the facts says."""
    parts = clauses(text)
    return any(part <= vocab for vocab in vocabularies if vocab for part in parts)


def _stem(word: str) -> str:
    """Singular and plural alike: informes/informe → inform, reuniones → reunion, cortos → corto."""
    if len(word) > 4 and word.endswith("es"):
        word = word[:-2]
    elif len(word) > 3 and word.endswith("s"):
        word = word[:-1]
    if len(word) > 4 and word.endswith("e"):
        word = word[:-1]
    return word


def _flatten(value: Any) -> str:
    if isinstance(value, dict):
        return " ".join(f"{k} {_flatten(v)}" for k, v in value.items())
    if isinstance(value, list):
        return " ".join(_flatten(v) for v in value)
    return "" if value is None else str(value)
