"""Round 52: who acts on whom when a Spanish noun subject acts on the person through a clitic.

"La nueva directora financiera lo entrevistó la semana pasada": a determined noun phrase opens the
main clause unmarked, then a third-person object clitic ("lo", "la", "le", "les", "los", "las") and
the verb — the noun is the subject and acts on the person. An English note with no subject that
opens with the same verb ("Interviewed the new CFO last week") has the person acting. Round 49 read
a subjectless note's verb against the other note's subject when the verb followed the subject
directly or within one language; this reads it through the clitic and the dictionary (ES↔EN).

Within Spanish the same swap is already read by :func:`~.slots.case_marked_swap`: the subjectless
note marks the noun as acted on ("Entrevistó a la nueva directora"), and the clitic is skipped when
reading the verb after the subject.

Not read as a subject:

* an accusative clitic ("lo", "la", "los", "las") that agrees in gender with the noun phrase's
  article, or any accusative clitic after a possessive: Spanish doubles a topicalised object that
  way ("El coche lo vendió en 2020" — the person sold the car);
* a verb that frames the person as the one affected in Spanish and as the subject in English
  ("La música clásica le gusta" / "Likes classical music"): gustar, encantar, interesar… (the
  experiencer verbs below).

Pure Python over :mod:`.bilingual`'s analysis; nothing here keeps, logs or raises with statement text.
"""

from __future__ import annotations

import re

from memory.equivalence import bilingual
from memory.equivalence.slots import main_clause

# A determined noun phrase of up to four words opening the main clause, then a clitic and a word.
_OPENING = re.compile(r" (el|la|los|las|su|sus|mi|mis|tu|tus) ((?:[a-z][a-z-]* ){1,4}?)"
                      r"(lo|la|le|les|los|las) ([a-z]+)(?= )")
_NOT_IN_PHRASE = frozenset("que y o no ya se a al me te nos le les lo".split())
_FEMININE, _MASCULINE = frozenset({"la", "las"}), frozenset({"el", "los", "lo"})
#: Spanish verbs whose dative clitic is the one who feels, likes or lacks (the English subject).
EXPERIENCER_VERBS = frozenset(
    "gustar encantar interesar importar molestar preocupar doler faltar sobrar costar quedar parecer "
    "apetecer fascinar aburrir agradar disgustar resultar tocar corresponder convenir bastar sentar caer "
    "ocurrir sorprender asustar entusiasmar fastidiar irritar alegrar emocionar".split())
_ENGLISH_NOT_ACTIVE = frozenset("be have do will would can could may might must shall should get".split())


def clitic_subject_verb(text: str) -> tuple[str, frozenset[str]] | None:
    """For a Spanish note whose main clause opens with a noun subject, an object clitic and the verb
    ("La nueva directora lo entrevistó…"): the verb's lemma and its English translations; None
    otherwise (or when the dictionary is not available)."""
    match = _OPENING.match(main_clause(text))
    if match is None:
        return None
    det, phrase, clitic = match.group(1), match.group(2).split(), match.group(3)
    if any(w in _NOT_IN_PHRASE for w in phrase):
        return None
    if clitic in ("lo", "la", "los", "las"):  # accusative: a doubled topicalised object unless the gender differs
        if not ((det in _FEMININE and clitic in ("lo", "los")) or (det in _MASCULINE and clitic in ("la", "las"))):
            return None
    words = bilingual.analyse("es", text)
    if not words:
        return None
    for before, word in zip(words, words[1:]):
        if before.pos == "prn" and "p3" in before.tags and "ref" not in before.tags and word.pos == "vblex":
            if word.lemma in EXPERIENCER_VERBS:
                return None
            return word.lemma, frozenset(word.translations)
        if word.pos in ("vblex", "vbser", "vbhaver", "vbmod", "vaux"):
            return None  # a verb before the clitic: not the shape this reads
    return None


def opening_verb(text: str) -> str | None:
    """The lemma of the active verb an English note with no subject opens with ("Interviewed the new
    CFO…" → "interview"); None when it opens with anything else."""
    words = bilingual.analyse("en", text)
    if not words or words[0].pos != "vblex" or words[0].lemma in _ENGLISH_NOT_ACTIVE:
        return None
    if "ger" in words[0].tags:
        return None  # "Interviewing…": a gerund may open a noun phrase, not the person acting
    return words[0].lemma


def clitic_subject_swap(spanish: str, english: str) -> bool:
    """The Spanish note's noun subject acts on the person through a clitic, the English note has the
    person doing that very verb (its dictionary translation) with no subject said."""
    read = clitic_subject_verb(spanish)
    if read is None:
        return False
    verb = opening_verb(english)
    return verb is not None and verb in read[1]
